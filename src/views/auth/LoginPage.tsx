import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { FORGOT_PASSWORD_PATH } from '../../app/routes.ts';
import { useLogo } from '../../app/useLogo.ts';
import { loginFormMachine } from '../../machines/auth/loginForm.ts';
import type { SessionError } from '../../machines/session.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';
import { LanguageSelect, ThemeSelect } from './PreferenceSelects.tsx';

function reasonMessage(error: SessionError): { id: string; values?: Record<string, string> } {
  switch (error.reason) {
    case 'invalid_credentials':
      return { id: 'login.error.invalidCredentials' };
    case 'rate_limited':
      return { id: 'login.error.rateLimited' };
    case 'session_expired':
      return { id: 'login.error.sessionExpired' };
    case 'invalid_input':
      return { id: 'login.error.invalidInput' };
    case 'server':
      return { id: 'login.error.server' };
    case 'network':
      return { id: 'login.error.network' };
  }
}

export function LoginPage() {
  usePageReady();
  const intl = useIntl();
  const logo = useLogo();
  useDocumentTitle(intl.formatMessage({ id: 'login.title' }));
  const id = useId();
  const submitting = useSelector(sessionActor, (s) => s.hasTag('busy'));
  const error = useSelector(sessionActor, (s) => s.context.error);
  // What is typed and its checks; the session machine signs in.
  const form = useActorRef(loginFormMachine);
  const { email, password, fieldErrors } = useSelector(form, (s) => s.context);
  useEffect(() => {
    const signIn = form.on('signIn', ({ email, password }) => sessionActor.send({ type: 'login', email, password }));
    return () => signIn.unsubscribe();
  }, [form]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'submit' });
    const errors = form.getSnapshot().context.fieldErrors;
    if (errors.email) document.getElementById(`${id}-email`)?.focus();
    else if (errors.password) document.getElementById(`${id}-password`)?.focus();
  };

  const reason = error ? reasonMessage(error) : null;
  const retryAt = error?.reason === 'rate_limited' && error.retryAt ? intl.formatTime(error.retryAt) : null;

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
          <FormattedMessage id="login.title" />
        </h1>
        <p className="muted">
          <FormattedMessage id="login.subtitle" />
        </p>
        {reason && (
          <div className={error?.reason === 'session_expired' ? 'notice notice-info' : 'notice notice-error'} role="alert">
            <FormattedMessage id={reason.id} />
            {retryAt && (
              <>
                {' '}
                <FormattedMessage id="login.error.retryAt" values={{ time: retryAt }} />
              </>
            )}
          </div>
        )}
        <form onSubmit={onSubmit} noValidate aria-busy={submitting}>
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
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? `${id}-email-error` : undefined}
              onChange={(e) => form.send({ type: 'email.changed', value: e.target.value })}
            />
            {fieldErrors.email && (
              <p className="field-error" id={`${id}-email-error`}>
                <FormattedMessage id={fieldErrors.email} />
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>
              <FormattedMessage id="login.password" />
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              dir="ltr"
              value={password}
              maxLength={256}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? `${id}-password-error` : undefined}
              onChange={(e) => form.send({ type: 'password.changed', value: e.target.value })}
            />
            {fieldErrors.password && (
              <p className="field-error" id={`${id}-password-error`}>
                <FormattedMessage id={fieldErrors.password} />
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary button-block" disabled={submitting}>
            <FormattedMessage id={submitting ? 'login.submitting' : 'login.submit'} />
          </button>
        </form>
        <p className="login-links">
          <Link href={FORGOT_PASSWORD_PATH}>
            <FormattedMessage id="login.forgot.link" />
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
