import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { AREAS, pathOf, visibleRoutes } from '../../app/routes.ts';
import { Icon } from '../ui/Icon.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { ActionQueue } from './ActionQueue.tsx';

/** Home: a greeting and the way into every area the user may open. */
export default function HomePage({ route }: PageProps) {
  usePageReady();
  const user = useSelector(sessionActor, (s) => s.context.user);
  const routes = visibleRoutes(user?.admin === true).filter((r) => r.inSidebar && r.area !== 'home');
  const areas = AREAS.flatMap((area) => {
    const first = routes.find((r) => r.area === area);
    return first ? [{ area, route: first, count: routes.filter((r) => r.area === area).length }] : [];
  });
  return (
    <PageFrame route={route}>
      <p className="lead">
        <FormattedMessage id="home.welcome" values={{ name: user?.name ?? '' }} />
      </p>
      {user?.admin === true && <ActionQueue />}
      <ul className="area-grid">
        {areas.map(({ area, route: target, count }) => (
          <li key={area}>
            <Link href={pathOf(target)} className="area-card">
              <Icon name={area} />
              <span className="area-card-title">
                <FormattedMessage id={`area.${area}`} />
              </span>
              <span className="muted">
                <FormattedMessage id="home.screens" values={{ count }} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
