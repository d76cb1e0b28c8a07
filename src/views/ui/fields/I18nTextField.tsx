import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorText, Field, type FieldBaseProps } from './Field.tsx';
import type { FieldErrors } from './fieldErrors.ts';
import { LANGUAGES, directionOf, i18nErrors, missingLanguages, tabAfterKey, type I18nText, type Language } from './i18nText.ts';

export interface I18nTextFieldProps extends Omit<FieldBaseProps, 'errors' | 'required'> {
  value: I18nText;
  onChange: (value: I18nText) => void;
  /** Languages that must be written (the API requires English). */
  requiredLanguages?: readonly Language[];
  /** The errors under the field's name, keyed by the rest of their path: `errorsUnder(errors, 'title_i18n')`. */
  errors?: FieldErrors;
  maxLength?: number;
  /** A textarea of this many rows per language instead of a one-line input. */
  multiline?: number;
}

/**
 * A text in English, French and Arabic: one tab per language (ARIA tabs; ←/→ follow the
 * page's direction, Home/End), each with its input in that language and direction. A tab
 * is marked when its language is required and empty, or holds an error; when the server
 * sends an error about one language, its tab opens.
 */
export function I18nTextField({ value, onChange, requiredLanguages = ['en'], errors = {}, maxLength = 200, multiline, ...field }: I18nTextFieldProps) {
  const intl = useIntl();
  const [selected, setSelected] = useState<Language>(LANGUAGES[0]);
  const tabs = useRef<Partial<Record<Language, HTMLButtonElement | null>>>({});
  const { field: fieldErrors, languages } = i18nErrors(errors);
  const missing = missingLanguages(value, requiredLanguages);
  const languageName = (language: Language) => intl.formatMessage({ id: `field.language.${language}` });

  // A new error about another language opens that language's tab.
  const erroring = LANGUAGES.filter((language) => languages[language]);
  useEffect(() => {
    if (erroring.length > 0 && !erroring.includes(selected)) setSelected(erroring[0]);
  }, [erroring.join()]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = tabAfterKey(event.key, index, LANGUAGES.length, rtl);
    if (next === null) return;
    event.preventDefault();
    setSelected(LANGUAGES[next]);
    tabs.current[LANGUAGES[next]]?.focus();
  };

  const shownErrors = [
    ...fieldErrors,
    ...erroring.flatMap((language) =>
      languages[language]!.map((message) => (
        <FormattedMessage key={`${language}-${message}`} id="field.i18n.errorIn" values={{ language: languageName(language), message: <ErrorText text={message} /> }} />
      )),
    ),
  ];

  return (
    <Field {...field} layout="group" required={requiredLanguages.length > 0} errors={shownErrors} className={['i18n-field', field.className].filter(Boolean).join(' ')}>
      {(control, labelId) => (
        <>
          <div role="tablist" className="i18n-tabs" aria-labelledby={labelId}>
            {LANGUAGES.map((language, index) => {
              const mark = languages[language] ? 'error' : missing.includes(language) ? 'missing' : null;
              return (
                <button
                  key={language}
                  ref={(el) => {
                    tabs.current[language] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`${control.id}-tab-${language}`}
                  aria-controls={`${control.id}-panel-${language}`}
                  aria-selected={selected === language}
                  tabIndex={selected === language ? 0 : -1}
                  className="i18n-tab"
                  data-mark={mark ?? undefined}
                  onClick={() => setSelected(language)}
                  onKeyDown={(e) => onTabKey(e, index)}
                >
                  {languageName(language)}
                  {mark && (
                    <>
                      <span className="i18n-tab-marker" aria-hidden="true">
                        {mark === 'error' ? '!' : '*'}
                      </span>
                      <span className="visually-hidden">
                        {intl.formatMessage({ id: mark === 'error' ? 'field.i18n.hasError' : 'field.i18n.missing' })}
                      </span>
                    </>
                  )}
                </button>
              );
            })}
          </div>
          {LANGUAGES.map((language) => {
            const inputId = `${control.id}-${language}`;
            const invalid = languages[language] !== undefined || fieldErrors.length > 0;
            const props = {
              id: inputId,
              lang: language,
              dir: directionOf(language),
              maxLength,
              value: value[language] ?? '',
              'aria-invalid': invalid || undefined,
              'aria-describedby': control['aria-describedby'],
              'aria-required': requiredLanguages.includes(language) || undefined,
              onChange: (e: { target: { value: string } }) => onChange({ ...value, [language]: e.target.value }),
            };
            return (
              <div
                key={language}
                role="tabpanel"
                id={`${control.id}-panel-${language}`}
                aria-labelledby={`${control.id}-tab-${language}`}
                hidden={selected !== language}
                className="i18n-panel"
              >
                <label htmlFor={inputId} className="visually-hidden">
                  <FormattedMessage id="field.i18n.inLanguage" values={{ label: field.label, language: languageName(language) }} />
                </label>
                {multiline ? <textarea rows={multiline} {...props} /> : <input {...props} />}
              </div>
            );
          })}
        </>
      )}
    </Field>
  );
}
