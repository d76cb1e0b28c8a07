import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import { ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { ConflictView } from '../../ui/ConflictView.tsx';
import { formatMoney } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { loyaltyRulesMachine, type LoyaltyRules } from '../../../machines/customers/loyaltyRules.ts';

/** The loyalty rules staff set: points per booking and per amount, the reward, and how many days points last. */
export function LoyaltyRulesPage({ route }: PageProps) {
  const actor = useActorRef(loyaltyRulesMachine);
  const snapshot = useSelector(actor, (s) => s);
  const { draft, expires, errors, detail, saved, theirs } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  usePageReady(draft !== null || snapshot.matches('failed'));
  // The server's refusal takes the user to the first field it names.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [errors]);
  const change = (part: Partial<LoyaltyRules>) => actor.send({ type: 'change', draft: part });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'save' });
  };
  const number = (field: keyof LoyaltyRules, label: string, max: number, hint?: string) => (
    <NumberField
      label={<FormattedMessage id={label} />}
      hint={hint && <FormattedMessage id={hint} />}
      required
      min={field === 'expiry_days' ? 1 : 0}
      max={max}
      value={draft![field] as number | null}
      onChange={(value) => change({ [field]: value })}
      errors={errorsAt(errors, field)}
    />
  );

  return (
    <PageFrame route={route}>
      {snapshot.matches('failed') && (
        <p className="notice notice-error" role="alert">
          <FormattedMessage id="loyaltyRules.failed" />{' '}
          <button type="button" className="button button-small" onClick={() => actor.send({ type: 'reload' })}>
            <FormattedMessage id="common.retry" />
          </button>
        </p>
      )}
      {draft && (
        <form ref={formRef} className="card loyalty-rules" noValidate onSubmit={submit} aria-busy={busy}>
          {detail && (
            <p className="notice notice-error" role="alert">
              <ErrorText text={detail} />
            </p>
          )}
          {theirs && (
            <ConflictView
              mine={<RulesSummary rules={{ ...draft, expiry_days: expires ? draft.expiry_days : null }} />}
              theirs={<RulesSummary rules={theirs.value} />}
              onKeepMine={() => actor.send({ type: 'keepMine' })}
              onTakeTheirs={() => actor.send({ type: 'takeTheirs' })}
              messageId="loyaltyRules.stale"
            />
          )}
          {saved && (
            <p className="notice notice-info" role="status">
              <FormattedMessage id="loyaltyRules.saved" />
            </p>
          )}
          <ToggleField label={<FormattedMessage id="loyaltyRules.enabled" />} checked={draft.enabled} onChange={(enabled) => change({ enabled })} />
          <fieldset className="loyalty-rules-group">
            <legend><FormattedMessage id="loyaltyRules.earning" /></legend>
            {number('points_per_booking', 'loyaltyRules.perBooking', 100_000)}
            {number('points_per_100_dzd', 'loyaltyRules.perAmount', 1000, 'loyaltyRules.perAmountHint')}
          </fieldset>
          <fieldset className="loyalty-rules-group">
            <legend><FormattedMessage id="loyaltyRules.reward" /></legend>
            {number('reward_threshold', 'loyaltyRules.threshold', 10_000_000)}
            <MoneyField
              label={<FormattedMessage id="loyaltyRules.rewardValue" />}
              required
              value={draft.reward_value}
              onChange={(reward_value) => change({ reward_value })}
              errors={errorsAt(errors, 'reward_value')}
            />
          </fieldset>
          <fieldset className="loyalty-rules-group">
            <legend><FormattedMessage id="loyaltyRules.expiry" /></legend>
            <ToggleField label={<FormattedMessage id="loyaltyRules.expires" />} checked={expires} onChange={(on) => actor.send({ type: 'setExpires', expires: on })} />
            {expires && number('expiry_days', 'loyaltyRules.expiryDays', 3650, 'loyaltyRules.expiryDaysHint')}
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              <FormattedMessage id="loyaltyRules.save" />
            </button>
          </div>
        </form>
      )}
    </PageFrame>
  );
}

/** One version of the rules, read at a glance (beside the other when both were saved at once). */
function RulesSummary({ rules }: { rules: LoyaltyRules }) {
  const intl = useIntl();
  const n = (value: number | null) => (value === null ? '—' : intl.formatNumber(value));
  const rows: [string, string][] = [
    ['loyaltyRules.enabled', intl.formatMessage({ id: rules.enabled ? 'loyaltyRules.on' : 'loyaltyRules.off' })],
    ['loyaltyRules.perBooking', n(rules.points_per_booking)],
    ['loyaltyRules.perAmount', n(rules.points_per_100_dzd)],
    ['loyaltyRules.threshold', n(rules.reward_threshold)],
    ['loyaltyRules.rewardValue', rules.reward_value === null ? '—' : formatMoney(intl, rules.reward_value)],
    ['loyaltyRules.expiryDays', rules.expiry_days === null ? intl.formatMessage({ id: 'loyaltyRules.never' }) : n(rules.expiry_days)],
  ];
  return (
    <dl className="loyalty-rules-summary">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt><FormattedMessage id={label} /></dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
