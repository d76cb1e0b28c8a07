import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { services } from '../../../../common/collections.ts';
import { localized } from '../../ui/format.ts';
import { ErrorList } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsUnder } from '../../ui/fields/fieldErrors.ts';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import type { I18nText } from '../../ui/fields/i18nText.ts';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';

export interface AdrenalineProfile {
  risk_level: number;
  min_age: number;
  min_weight_kg?: number | null;
  max_weight_kg?: number | null;
  waiver_required: boolean;
  health_questions: I18nText[];
}

/** A profile as a new one starts: moderate risk, adults, a waiver. */
const NEW_PROFILE: AdrenalineProfile = { risk_level: 3, min_age: 18, min_weight_kg: null, max_weight_kg: null, waiver_required: true, health_questions: [] };
const RISK_LEVELS = ['1', '2', '3', '4', '5'] as const;
const MAX_QUESTIONS = 20;
/** The message of weights out of order (the server says the same at max_weight_kg). */
const WEIGHTS_REVERSED = 'adrenaline.weightsReversed';

/**
 * A service's adrenaline profile: how risky, who may take part (age, weight), the waiver
 * and the health questions asked in three languages. Without a profile the service has
 * no such conditions; the switch adds or removes one.
 */
export function AdrenalineEditor({
  serviceId,
  onClose,
  closeLabel = 'adrenaline.close',
  inPlace = false,
}: {
  serviceId: string;
  onClose: (saved: boolean) => void;
  closeLabel?: string;
  /** Stays open (a service page's tab): Cancel starts again from the saved profile, a save goes on from the saved one. */
  inPlace?: boolean;
}) {
  const intl = useIntl();
  const id = useId();
  const editor = useRecordEditor({
    resource: services.name,
    id: serviceId,
    defaults: {},
    limits: services.fields,
    onClose: (saved) => {
      if (inPlace && !saved) editor.record.send({ type: 'cancel' });
      onClose(saved);
    },
  });
  const bound = editor.field.custom<AdrenalineProfile | null>('adrenaline', null);
  const profile = bound.value;
  const errors = editor.context.fieldErrors;
  const weightsReversed = (p: AdrenalineProfile | null) => !!p && p.min_weight_kg != null && p.max_weight_kg != null && p.min_weight_kg > p.max_weight_kg;
  const change = (next: AdrenalineProfile | null) => editor.set('adrenaline', next, weightsReversed(next) ? WEIGHTS_REVERSED : undefined);
  const patch = (p: Partial<AdrenalineProfile>) => change({ ...(profile ?? NEW_PROFILE), ...p });
  const at = (name: string) => errorsAt(errors, `adrenaline.${name}`);
  const questions = profile?.health_questions ?? [];
  const questionsErrors = errorsUnder(errors, 'adrenaline.health_questions')[''];

  const summary = (r: Record<string, unknown> | null) => {
    const p = r?.adrenaline as AdrenalineProfile | null | undefined;
    return (
      <>
        {localized(r?.title_i18n, intl.locale)} ·{' '}
        {p ? <FormattedMessage id="adrenaline.summary" values={{ risk: p.risk_level, age: p.min_age }} /> : <FormattedMessage id="adrenaline.noProfile" />}
      </>
    );
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="adrenaline-editor"
      heading={
        <FormattedMessage id="adrenaline.editTitle" values={{ service: localized(editor.value('title_i18n'), intl.locale) || '…' }} />
      }
      summary={summary}
      closeLabel={closeLabel}
      onClose={onClose}
      onSave={() => editor.record.send({ type: 'save' })}
    >
      <ToggleField checked={profile !== null} onChange={(on) => change(on ? NEW_PROFILE : null)} label={<FormattedMessage id="adrenaline.hasProfile" />} />
      {profile && (
        <>
          <div className="form-grid">
            <SelectField
              value={String(profile.risk_level) as (typeof RISK_LEVELS)[number]}
              onChange={(v) => patch({ risk_level: Number(v) })}
              options={RISK_LEVELS}
              labelPrefix="adrenaline.risk"
              label={<FormattedMessage id="adrenaline.riskLevel" />}
              errors={at('risk_level')}
              required
            />
            <NumberField value={profile.min_age} onChange={(n) => patch({ min_age: n ?? 0 })} min={0} max={99} unit={intl.formatMessage({ id: 'adrenaline.years' })} label={<FormattedMessage id="adrenaline.minAge" />} errors={at('min_age')} required />
            <NumberField value={profile.min_weight_kg ?? null} onChange={(n) => patch({ min_weight_kg: n })} min={0} max={300} unit={intl.formatMessage({ id: 'adrenaline.unit.kg' })} label={<FormattedMessage id="adrenaline.minWeight" />} errors={at('min_weight_kg')} />
            <NumberField
              value={profile.max_weight_kg ?? null}
              onChange={(n) => patch({ max_weight_kg: n })}
              min={0}
              max={300}
              unit={intl.formatMessage({ id: 'adrenaline.unit.kg' })}
              label={<FormattedMessage id="adrenaline.maxWeight" />}
              errors={at('max_weight_kg') ?? (editor.context.problems.adrenaline ? [WEIGHTS_REVERSED] : undefined)}
            />
          </div>
          <ToggleField checked={profile.waiver_required} onChange={(on) => patch({ waiver_required: on })} label={<FormattedMessage id="adrenaline.waiver" />} />
          <fieldset className="fieldset" aria-describedby={questionsErrors ? `${id}-questions-error` : undefined}>
            <legend>
              <FormattedMessage id="adrenaline.questions" />
            </legend>
            {questions.length === 0 && (
              <p className="muted">
                <FormattedMessage id="adrenaline.noQuestions" />
              </p>
            )}
            <ol className="health-questions">
              {questions.map((question, index) => (
                <li key={index} className="health-question">
                  <I18nTextField
                    value={question}
                    onChange={(text) => patch({ health_questions: questions.map((q, i) => (i === index ? text : q)) })}
                    maxLength={300}
                    errors={errorsUnder(errors, `adrenaline.health_questions.${index}`)}
                    label={<FormattedMessage id="adrenaline.question" values={{ n: index + 1 }} />}
                  />
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    onClick={() => patch({ health_questions: questions.filter((_, i) => i !== index) })}
                    aria-label={intl.formatMessage({ id: 'adrenaline.removeQuestion' }, { n: index + 1 })}
                  >
                    <FormattedMessage id="adrenaline.remove" />
                  </button>
                </li>
              ))}
            </ol>
            {questions.length < MAX_QUESTIONS && (
              <button type="button" className="button button-small" onClick={() => patch({ health_questions: [...questions, { en: '', fr: '', ar: '' }] })}>
                <FormattedMessage id="adrenaline.addQuestion" />
              </button>
            )}
            {questionsErrors && <ErrorList id={`${id}-questions-error`} errors={questionsErrors} />}
          </fieldset>
        </>
      )}
    </RecordEditorPanel>
  );
}
