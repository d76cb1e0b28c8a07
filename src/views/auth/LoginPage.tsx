import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { useLogo } from '../../app/useLogo.ts';
import type { SessionError } from '../../machines/session.ts';
import { useDocumentTitle } from '../ui/usePageTitle.ts';
import { LanguageSelect, ThemeSelect } from './PreferenceSelects.tsx';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FieldErrors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!email.trim()) errors.email = 'login.error.emailRequired';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'login.error.emailInvalid';
  if (!password) errors.password = 'login.error.passwordRequired';
  return errors;
}

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(email, password);
    setFieldErrors(errors);
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      document.getElementById(errors.email ? `${id}-email` : `${id}-password`)?.focus();
      return;
    }
    sessionActor.send({ type: 'login', email: email.trim(), password });
  };

  const revalidate = (nextEmail: string, nextPassword: string) => {
    if (touched) setFieldErrors(validate(nextEmail, nextPassword));
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
              onChange={(e) => {
                setEmail(e.target.value);
                revalidate(e.target.value, password);
              }}
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
              onChange={(e) => {
                setPassword(e.target.value);
                revalidate(email, e.target.value);
              }}
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
        <div className="login-preferences">
          <LanguageSelect />
          <ThemeSelect />
        </div>
      </div>
    </main>
  );
}
