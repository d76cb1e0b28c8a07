import { createContext, useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';

/**
 * The browser tab's title, `<page> · <record> · Rihla` in the user's language, so a
 * dozen open tabs can be told apart. `PageFrame` sets it for every page from its route;
 * a record shown inside a page (an editor beside a list) adds its own part with
 * `usePageTitle`.
 */
export function useDocumentTitle(page: string, record?: string | null): void {
  const intl = useIntl();
  const title = record
    ? intl.formatMessage({ id: 'app.recordTitle' }, { page, record })
    : intl.formatMessage({ id: 'app.pageTitle' }, { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** How a page frame hears of the record shown inside it (null: none). */
export const RecordTitleContext = createContext<(record: string | null) => void>(() => {});

/**
 * Names the record this component shows in the tab's title, under the page's own name
 * (`Help · Cancellations · Rihla`), for as long as it is mounted. Null or empty: none yet
 * (still loading).
 */
export function usePageTitle(record: string | null | undefined): void {
  const setRecord = useContext(RecordTitleContext);
  useEffect(() => {
    setRecord(record || null);
    return () => setRecord(null);
  }, [setRecord, record]);
}
