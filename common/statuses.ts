/**
 * The status values of every entity with a lifecycle. The statecharts in
 * common/lifecycles have exactly these states (a model test checks it); the
 * database has a CHECK constraint with the same list.
 */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'declined', 'expired', 'checked_in', 'no_show', 'cancelled', 'completed'] as const;
export const BOOKING_PAYMENT_STATUSES = ['unpaid', 'deposit', 'paid', 'partially_refunded', 'refunded'] as const;
export const REFUND_STATUSES = ['requested', 'approved', 'rejected', 'processing', 'succeeded', 'failed'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'partially_refunded', 'refunded'] as const;
export const INVITATION_STATUSES = ['sent', 'opened', 'paid', 'expired', 'cancelled'] as const;
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const VENDOR_STATUSES = ['applied', 'under_review', 'active', 'rejected', 'suspended'] as const;
export const TICKET_STATUSES = ['new', 'open', 'pending', 'solved', 'closed'] as const;
export const CHATBOT_REQUEST_STATUSES = ['new', 'in_review', 'resolved', 'escalated', 'dismissed'] as const;
export const NOTIFICATION_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export const PUBLISHING_STATUSES = ['draft', 'published', 'archived'] as const;
