/** Vendors: their legal identity and documents, and their users (invitations, roles). */
import type { Area } from '../engine/area.ts';
import { registerVendorUsers } from './vendorUsers.ts';
import { vendorDocumentHooks, vendorHooks } from './vendors.ts';

export const vendorsArea: Area = {
  name: 'vendors',
  hooks: { vendors: vendorHooks, 'vendor-documents': vendorDocumentHooks },
  register: registerVendorUsers,
};
