import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { notifications } from '../../../common/collections.ts';
import { WILAYAS } from '../../../common/wilayaList.ts';
import { composerMachine, missingLanguages, type ComposerDraft } from '../../machines/notifications/composer.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { errorsAt, errorsUnder } from '../ui/fields/fieldErrors.ts';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { localized } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { useRead } from '../ui/useRead.ts';

const LANGUAGES = ['en', 'fr', 'ar'] as const;

/** Write a notification in three languages, see each language's preview, choose who gets it and when. */
export function ComposerPage({ route }: PageProps) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const composer = useActorRef(composerMachine, { input: {} });
  const snapshot = useSelector(composer, (s) => s);
  const { draft, count, nobody, errors, detail, created } = snapshot.context;
  const counting = !snapshot.matches({ count: 'known' });
  const submitting = snapshot.matches({ form: 'submitting' });
  usePageReady(true);

  useEffect(() => {
    if (created) navigate(pathOf(routeByKey('notificationDetail'), created.id));
  }, [created]);

  const change = (patch: Partial<ComposerDraft>) => composer.send({ type: 'change', draft: { ...draft, ...patch } });
  const segment = (patch: Partial<ComposerDraft['segment']>) => change({ segment: { ...draft.segment, ...patch } });
  const at = (name: string) => errorsAt(errors, name);
  // Languages left empty: their readers get another language's text, said before sending.
  const missing = missingLanguages(draft);
  const countText =
    count === null ? intl.formatMessage({ id: counting ? 'notifComposer.counting' : 'notifComposer.countUnknown' }) : intl.formatMessage({ id: 'notifComposer.count' }, { count });

  return (
    <PageFrame route={route}>
      <form
        className="notif-composer"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          composer.send({ type: 'review' });
        }}
      >
        {detail && (
          <div className="notice notice-error" role="alert">
            {detail}
          </div>
        )}
        {nobody && (
          <div className="notice notice-error" role="alert">
            <FormattedMessage id="notifComposer.nobody" />
          </div>
        )}
        <div className="notif-composer-columns">
          <div className="notif-composer-fields">
            <fieldset className="card">
              <legend>
                <FormattedMessage id="notifComposer.message" />
              </legend>
              <I18nTextField
                value={draft.title_i18n}
                onChange={(title_i18n) => change({ title_i18n })}
                errors={errorsUnder(errors, 'title_i18n')}
                maxLength={notifications.fields.title_i18n.maxLength}
                label={<FormattedMessage id="notifications.title" />}
              />
              <I18nTextField
                value={draft.body_i18n}
                onChange={(body_i18n) => change({ body_i18n })}
                errors={errorsUnder(errors, 'body_i18n')}
                maxLength={notifications.fields.body_i18n.maxLength}
                multiline={5}
                label={<FormattedMessage id="notifications.body" />}
              />
              <SelectField
                value={draft.channel}
                onChange={(channel) => change({ channel })}
                options={notifications.fields.channel.enum}
                labelPrefix="notificationChannel"
                errors={at('channel')}
                label={<FormattedMessage id="notifications.channel" />}
              />
            </fieldset>
            <fieldset className="card">
              <legend>
                <FormattedMessage id="notifications.audience" />
              </legend>
              <SelectField
                value={draft.audience_type}
                onChange={(audience_type) => change({ audience_type })}
                options={notifications.fields.audience_type.enum}
                labelPrefix="notificationAudience"
                errors={at('audience_type')}
                label={<FormattedMessage id="notifComposer.audienceType" />}
              />
              {draft.audience_type === 'customer' && (
                <RelationPicker
                  resource="customers"
                  label={<FormattedMessage id="notifComposer.customer" />}
                  value={draft.customer}
                  onChange={(customer) => change({ customer })}
                  optionLabel={(r) => String(r.name ?? '')}
                  optionDetail={(r) => (r.phone ? String(r.phone) : null)}
                  errors={at('audience_customer_id')}
                  required
                />
              )}
              {draft.audience_type === 'user' && (
                <UserPicker
                  vendor={draft.userVendor}
                  onVendor={(userVendor) => change({ userVendor, user: null })}
                  user={draft.user}
                  onUser={(user) => change({ user })}
                  errors={at('audience_user_id')}
                />
              )}
              {draft.audience_type === 'topic' && (
                <RelationPicker
                  resource="topics"
                  label={<FormattedMessage id="notifComposer.topic" />}
                  value={draft.topic}
                  onChange={(topic) => change({ topic })}
                  optionLabel={(r) => localized(r.name_i18n, intl.locale)}
                  optionDetail={(r) => String(r.key ?? '')}
                  errors={at('topic_id')}
                  required
                />
              )}
              {draft.audience_type === 'segment' && (
                <div className="form-grid" role="group" aria-label={intl.formatMessage({ id: 'notifComposer.segment' })}>
                  <label className="notif-inline-field notif-stacked">
                    <span>
                      <FormattedMessage id="notifComposer.wilaya" />
                    </span>
                    <select value={draft.segment.wilaya_code} onChange={(e) => segment({ wilaya_code: e.target.value })}>
                      <option value="">{intl.formatMessage({ id: 'notifComposer.any' })}</option>
                      {WILAYAS.map((w) => (
                        <option key={w.code} value={w.code}>
                          {w.code} · {w.name[intl.locale as keyof typeof w.name] ?? w.name.en}
                        </option>
                      ))}
                    </select>
                  </label>
                  <NumberField
                    value={draft.segment.booked_within_days}
                    onChange={(booked_within_days) => segment({ booked_within_days })}
                    min={1}
                    max={3650}
                    errors={at('segment_filters.booked_within_days')}
                    label={<FormattedMessage id="notifComposer.bookedWithin" />}
                  />
                  <RelationPicker
                    resource="vendors"
                    label={<FormattedMessage id="notifComposer.vendor" />}
                    value={draft.segment.vendor_id ? ({ id: draft.segment.vendor_id } as ApiRecord) : null}
                    onChange={(v) => segment({ vendor_id: v?.id ?? '' })}
                    optionLabel={(r) => String(r.trade_name ?? '')}
                  />
                  <RelationPicker
                    resource="services"
                    label={<FormattedMessage id="notifComposer.service" />}
                    value={draft.segment.service_id ? ({ id: draft.segment.service_id } as ApiRecord) : null}
                    onChange={(v) => segment({ service_id: v?.id ?? '' })}
                    optionLabel={(r) => localized(r.title_i18n, intl.locale)}
                  />
                  <SelectField
                    value={draft.segment.language}
                    onChange={(language) => segment({ language })}
                    options={LANGUAGES}
                    labelPrefix="field.language"
                    emptyOption="notifComposer.any"
                    label={<FormattedMessage id="notifComposer.language" />}
                  />
                </div>
              )}
              <p className="notif-count" role="status" aria-live="polite" data-testid="recipient-count">
                {countText}
              </p>
            </fieldset>
            <fieldset className="card">
              <legend>
                <FormattedMessage id="notifComposer.when" />
              </legend>
              <div className="notif-radios">
                {(['now', 'later'] as const).map((when) => (
                  <label key={when}>
                    <input type="radio" name="when" value={when} checked={draft.when === when} onChange={() => change({ when })} />
                    <FormattedMessage id={`notifComposer.when.${when}`} />
                  </label>
                ))}
              </div>
              {draft.when === 'later' && (
                <DateTimeField
                  mode="datetime"
                  value={draft.scheduled_at}
                  onChange={(scheduled_at) => change({ scheduled_at })}
                  errors={at('scheduled_at')}
                  required
                  label={<FormattedMessage id="notifications.scheduledAt" />}
                />
              )}
            </fieldset>
          </div>
          <section className="notif-composer-preview" aria-labelledby="composer-preview">
            <h2 id="composer-preview">
              <FormattedMessage id="notifComposer.preview" />
            </h2>
            {LANGUAGES.map((lang) => (
              <article key={lang} className="notif-preview" lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} data-testid={`preview-${lang}`}>
                <h3 className="notif-preview-lang">
                  <FormattedMessage id={`field.language.${lang}`} />
                </h3>
                <p className="notif-preview-title">{draft.title_i18n[lang] || draft.title_i18n.en}</p>
                <p className="notif-preview-body">{draft.body_i18n[lang] || draft.body_i18n.en}</p>
              </article>
            ))}
          </section>
        </div>
        <div className="form-actions">
          <Link href={pathOf(routeByKey('notifications'))} className="button">
            <FormattedMessage id="notifComposer.cancel" />
          </Link>
          <button type="submit" className="button button-primary" disabled={submitting}>
            <FormattedMessage id={draft.when === 'later' ? 'notifComposer.schedule' : 'notifComposer.sendNow'} />
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={snapshot.matches({ form: 'confirming' })}
        title={<FormattedMessage id={draft.when === 'later' ? 'notifComposer.confirmScheduleTitle' : 'notifComposer.confirmSendTitle'} />}
        description={count === null ? <FormattedMessage id="notifComposer.confirmUnknown" /> : <FormattedMessage id="notifComposer.confirmCount" values={{ count }} />}
        confirmLabel={<FormattedMessage id={draft.when === 'later' ? 'notifComposer.schedule' : 'notifComposer.sendNow'} />}
        onConfirm={() => composer.send({ type: 'confirm' })}
        onCancel={() => composer.send({ type: 'cancel' })}
      >
        {missing.length > 0 && (
          <p className="notice notice-info" data-testid="missing-languages">
            <FormattedMessage
              id="notifComposer.missingLanguages"
              values={{ languages: intl.formatList(missing.map((lang) => intl.formatMessage({ id: `field.language.${lang}` })), { type: 'conjunction' }) }}
            />
          </p>
        )}
      </ConfirmDialog>
    </PageFrame>
  );
}

/** One vendor user: the vendor first, then one of its people. */
function UserPicker(props: {
  vendor: ApiRecord | null;
  onVendor: (vendor: ApiRecord | null) => void;
  user: ApiRecord | null;
  onUser: (user: ApiRecord | null) => void;
  errors?: string[];
}) {
  const intl = useIntl();
  const vendorId = props.vendor?.id;
  const read = useRead('notificationVendorUsers', vendorId ? { vendorId } : null);
  const users = (vendorId && read.data) || [];
  return (
    <div className="form-grid">
      <RelationPicker
        resource="vendors"
        label={<FormattedMessage id="notifComposer.vendor" />}
        value={props.vendor}
        onChange={props.onVendor}
        optionLabel={(r) => String(r.trade_name ?? '')}
      />
      <label className="notif-inline-field notif-stacked">
        <span>
          <FormattedMessage id="notifComposer.user" />
        </span>
        <select
          value={props.user?.id ?? ''}
          disabled={!vendorId}
          aria-invalid={props.errors?.length ? true : undefined}
          onChange={(e) => {
            const user = users.find((u) => u.id === e.target.value);
            props.onUser(user ? ({ id: user.id, version: 1, name: user.name } as ApiRecord) : null);
          }}
        >
          <option value="">{intl.formatMessage({ id: 'notifComposer.chooseUser' })}</option>
          {users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} · {u.email}
            </option>
          ))}
        </select>
        {props.errors?.map((e) => (
          <span key={e} className="field-error">
            {e}
          </span>
        ))}
      </label>
    </div>
  );
}
