import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { HOME_PATH, type RouteDef } from '../../app/routes.ts';
import { RecordTitleContext, useDocumentTitle } from './usePageTitle.ts';

/**
 * Title and breadcrumb of a page, and the browser tab's title; the page body goes inside.
 * `id`: the record the page is about (a booking's ref), also named in the tab's title;
 * a record opened inside the page names itself there with `usePageTitle`.
 */
export function PageFrame({
  route,
  id,
  heading,
  actions,
  children,
}: {
  route: RouteDef;
  id?: string;
  /** What the page's heading says when the record names the page (a booking's ref); the route's title otherwise. */
  heading?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: `route.${route.key}` });
  // An area with one screen is named like it (Messages, Vendors): the breadcrumb names it once.
  const area = route.area === 'home' ? null : intl.formatMessage({ id: `area.${route.area}` });
  const [innerRecord, setInnerRecord] = useState<string | null>(null);
  useDocumentTitle(title, innerRecord ?? id);
  return (
    <section className="page" aria-labelledby="page-title">
      <nav className="breadcrumb" aria-label={intl.formatMessage({ id: 'shell.breadcrumb' })}>
        <ol>
          <li>
            <Link href={HOME_PATH}>
              <FormattedMessage id="route.home" />
            </Link>
          </li>
          {area && area !== title && <li>{area}</li>}
          {route.key !== 'home' && (
            <li aria-current="page">
              {title}
              {id ? ` · ${id}` : ''}
            </li>
          )}
        </ol>
      </nav>
      <div className="page-heading">
        <h1 id="page-title" tabIndex={-1}>
          {heading ?? title}
        </h1>
        {actions}
      </div>
      <RecordTitleContext.Provider value={setInnerRecord}>{children}</RecordTitleContext.Provider>
    </section>
  );
}
