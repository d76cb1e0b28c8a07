/** Payment methods as plain values: the browser's charts read them without the schema library. */
export const PAYMENT_METHODS = ['cib', 'edahabia', 'cash', 'wallet', 'gift_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods that go through the card gateway (SATIM: CIB and Edahabia cards). */
export const GATEWAY_METHODS: readonly PaymentMethod[] = ['cib', 'edahabia'];
