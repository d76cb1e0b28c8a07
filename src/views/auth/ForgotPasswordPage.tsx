import { useActorRef, useSelector } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { localeActor } from '../../app/actors.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { LOGIN_PATH } from '../../app/routes.ts';
import { useLogo } from '../../app/useLogo.ts';
import { forgotPasswordFormMachine } from '../../machines/auth/forgotPasswordForm.ts';
import { selectLocale } from '../../machines/locale.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';
import { LanguageSelect, ThemeSelect } from './PreferenceSelects.tsx';

const PROBLEM_MESSAGES = {
  rate_limited: 'login.error.rateLimited',
  network: 'login.error.network',
  server: 'login.error.server',
  invalid_input: 'login.error.emailInvalid',
} as const;

/** "Forgot your password?": an email in, the same answer out for every address. */
export function ForgotPasswordPage() {
  usePageReady();
  const intl = useIntl();
  const logo = useLogo();
  useDocumentTitle(intl.formatMessage({ id: 'login.forgot.title' }));
  const id = useId();
  const lang = useSelector(localeActor, selectLocale);
  const form = useActorRef(forgotPasswordFormMachine, { input: { lang } });
  const { email, emailError, problem } = useSelector(form, (s) => s.context);
  const sending = useSelector(form, (s) => s.hasTag('busy'));
  const sent = useSelector(form, (s) => s.matches('sent'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'submit' });
    if (form.getSnapshot().context.emailError) document.getElementById(`${id}-email`)?.focus();
  };
  const retryAt = problem?.reason === 'rate_limited' && problem.retryAt ? intl.formatTime(problem.retryAt) : null;

  return (
    <main className="login-layout">
      <div className="login-card">
        <div className="login-brand">
          <img src={logo} alt="" width="40" height="40" />
          <span>
            <FormattedMessage id="app.name" />
          </span>
        </div>
        <h1>
          <FormattedMessage id="login.forgot.title" />
        </h1>
        {sent ? (
          <p className="notice notice-info" role="status">
            <FormattedMessage id="login.forgot.sent" values={{ email: <bdi dir="ltr">{email.trim()}</bdi> }} />
          </p>
        ) : (
          <>
            <p className="muted">
              <FormattedMessage id="login.forgot.subtitle" />
            </p>
            {problem && (
              <div className="notice notice-error" role="alert">
                <FormattedMessage id={PROBLEM_MESSAGES[problem.reason]} />
                {retryAt && (
                  <>
                    {' '}
                    <FormattedMessage id="login.error.retryAt" values={{ time: retryAt }} />
                  </>
                )}
              </div>
            )}
            <form onSubmit={onSubmit} noValidate aria-busy={sending}>
              <div className="field">
                <label htmlFor={`${id}-email`}>
                  <FormattedMessage id="login.email" />
                </label>
                <input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="username"
                  inputMode="email"
                  dir="ltr"
                  value={email}
                  maxLength={254}
                  autoFocus
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? `${id}-email-error` : undefined}
                  onChange={(e) => form.send({ type: 'email.changed', value: e.target.value })}
                />
                {emailError && (
                  <p className="field-error" id={`${id}-email-error`}>
                    <FormattedMessage id={emailError} />
                  </p>
                )}
              </div>
              <button type="submit" className="button button-primary button-block" disabled={sending}>
                <FormattedMessage id={sending ? 'login.forgot.sending' : 'login.forgot.submit'} />
              </button>
            </form>
          </>
        )}
        <p className="login-links">
          <Link href={LOGIN_PATH}>
            <FormattedMessage id="login.forgot.back" />
          </Link>
        </p>
        <div className="login-preferences">
          <LanguageSelect />
          <ThemeSelect />
        </div>
      </div>
    </main>
  );
}
