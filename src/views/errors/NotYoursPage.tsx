import { StatusPage } from './StatusPage.tsx';

/**
 * A screen that exists but is for staff only, opened by vendor staff: saying "not found"
 * would send them looking for a broken link; this says the screen is not theirs to open.
 */
export function NotYoursPage() {
  return <StatusPage code={403} title="error.notYours" detail="error.notYoursDetail" />;
}
