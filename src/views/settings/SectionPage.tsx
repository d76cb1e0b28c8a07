import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { setPublicSettings, publicSettings } from '../../app/publicSettings.ts';
import { logoUrl } from '../../../common/media.ts';
import { ConflictView } from '../ui/ConflictView.tsx';
import { ErrorText, focusFirstInvalid } from '../ui/fields/Field.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { AuditTrail } from '../ui/RecordHistory.tsx';
import { companyChanged, moneyFormatChanged, type CompanyIdentity } from '../shell/siteSettings.ts';
import type { MoneyFormat } from '../ui/format.ts';
import { SectionFields, SectionSummary, type FormSection } from './sections.tsx';
import { SettingsNav } from './SettingsNav.tsx';
import { settingsMachine, type SectionValue } from '../../machines/settings/settingsMachine.ts';
import { useStaff } from '../../app/permissions.ts';

/** Sections with a word on how their change applies. */
const HINTED = new Set<FormSection>(['fees', 'language']);

/** A section saved here takes effect in this browser at once (others read it on their next load). */
function applyHere(section: FormSection, value: SectionValue) {
  const open = publicSettings();
  if (section === 'currency') moneyFormatChanged(value as unknown as MoneyFormat);
  if (section === 'company') companyChanged(value as unknown as CompanyIdentity);
  if (open && section === 'language') setPublicSettings({ ...open, language: value as typeof open.language });
  if (open && section === 'theme') {
    const theme = value as typeof open.theme & { logo_media_id: string | null };
    setPublicSettings({ ...open, theme: { mode: theme.mode, brand_color: theme.brand_color, logo_url: logoUrl(theme) } });
  }
}

/**
 * One settings section: staff edit it as a form (errors at the fields, both versions after
 * a conflict) with its audit trail beside it; vendor staff read it.
 */
export function SectionPage({ route, section }: PageProps & { section: FormSection }) {
  const staff = useStaff();
  const actor = useActorRef(settingsMachine, { input: { section } });
  const snapshot = useSelector(actor, (s) => s);
  const { record, draft, errors, detail, saved, theirs } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  usePageReady(record !== null || snapshot.matches('failed'));
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);
  useEffect(() => {
    if (saved && record) applyHere(section, record.value);
  }, [saved, record]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save' });
  };

  return (
    <PageFrame route={route}>
      <div className="settings-layout">
        <SettingsNav current={route} />
        <div className="settings-main">
          {snapshot.matches('failed') && (
            <p className="notice notice-error" role="alert">
              <FormattedMessage id="settings.failed" />{' '}
              <button type="button" className="button button-small" onClick={() => actor.send({ type: 'reload' })}>
                <FormattedMessage id="common.retry" />
              </button>
            </p>
          )}
          {record && !staff && (
            <section className="card" aria-labelledby="settings-readonly">
              <p id="settings-readonly" className="muted">
                <FormattedMessage id="settings.readOnly" />
              </p>
              <SectionSummary section={section} value={record.value} />
            </section>
          )}
          {record && staff && (
            <form ref={formRef} className="card settings-form" noValidate onSubmit={submit} aria-busy={busy}>
              {detail && Object.keys(errors).length === 0 && (
                <p className="notice notice-error" role="alert">
                  <ErrorText text={detail} />
                </p>
              )}
              {theirs && (
                <ConflictView
                  mine={<SectionSummary section={section} value={draft} />}
                  theirs={<SectionSummary section={section} value={theirs.value} />}
                  onKeepMine={() => actor.send({ type: 'keepMine' })}
                  onTakeTheirs={() => actor.send({ type: 'takeTheirs' })}
                  messageId="settings.stale"
                />
              )}
              {saved && (
                <p className="notice notice-info" role="status">
                  <FormattedMessage id="settings.saved" />
                </p>
              )}
              {HINTED.has(section) && (
                <p className="muted">
                  <FormattedMessage id={`settings.${section}.hint`} />
                </p>
              )}
              <SectionFields section={section} draft={draft} errors={errors} onChange={(field, value) => actor.send({ type: 'change', field, value })} />
              <div className="form-actions">
                <button type="submit" className="button button-primary" disabled={busy}>
                  <FormattedMessage id={snapshot.matches('saving') ? 'settings.saving' : 'settings.save'} />
                </button>
              </div>
            </form>
          )}
        </div>
        {record && staff && (
          <aside className="settings-history card" aria-labelledby="settings-history-title">
            <h2 id="settings-history-title">
              <FormattedMessage id="settings.history" />
            </h2>
            <AuditTrail entity="settings" id={section} version={record.version} />
          </aside>
        )}
      </div>
    </PageFrame>
  );
}
