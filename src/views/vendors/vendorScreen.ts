/** A vendor's page as data: the record and what it reads beside it. */
import { vendors } from '../../../common/collections.ts';
import { defineRecordScreen, related } from '../ui/recordScreen.ts';
import { expiryNoticeLimit } from './expiry.ts';

export const vendorScreen = defineRecordScreen({
  collection: vendors,
  related: {
    /** Its documents, one of each kind at most: the documents tab. */
    documents: related('list', (v) => ({ collection: 'vendor-documents', filters: { vendor_id: v.id }, ordering: 'kind', pageSize: 20 })),
    /** Those that expired or expire within 30 days: the alert at the top of the page. */
    expiring: related('list', (v) => ({
      collection: 'vendor-documents',
      filters: { vendor_id: v.id, expires_on__lte: expiryNoticeLimit() },
      ordering: 'expires_on',
    })),
  },
});
