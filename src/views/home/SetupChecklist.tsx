import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { SetupStep } from '../../../common/dashboard.ts';
import { SETUP_LINKS } from './homeLinks.ts';

/** A new vendor's first steps, in order, each ticked from what exists. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  const intl = useIntl();
  const done = steps.filter((s) => s.done).length;
  return (
    <section className="card setup-checklist" aria-labelledby="setup-title">
      <h2 id="setup-title">
        <FormattedMessage id="home.setup.title" />
      </h2>
      <p className="muted">
        <FormattedMessage id="home.setup.progress" values={{ done, total: steps.length }} />
      </p>
      <ol>
        {steps.map((step) => (
          <li key={step.key} data-done={step.done}>
            <span className="setup-mark" aria-hidden="true">{step.done ? '✓' : ''}</span>
            <Link href={SETUP_LINKS[step.key]}>
              <FormattedMessage id={`home.setup.${step.key}`} />
            </Link>
            <span className="visually-hidden">{intl.formatMessage({ id: step.done ? 'home.setup.done' : 'home.setup.todo' })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
