import { and, setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Booking lifecycle. Events: confirm, decline, expire, check_in, no_show, undo, cancel,
 * complete, change. Payment status is tracked separately (from payments and refunds).
 *
 * `change` keeps the status: it says when a booking's date, seats or extras may change
 * (a requested or confirmed booking, before it starts: the `changeable` guard). The change
 * itself is made by its own endpoint (POST bookings/<id>/change/, which asks this chart),
 * never as a plain transition; the page offers it when the chart allows it.
 *
 * Tags name the groups of statuses the rules read (`statusesTagged('booking', tag)`):
 * - holding: the booking holds its seats;
 * - closed: it will not take place, owes nothing and counts for nothing (no revenue,
 *   no coupon use, no payment taken);
 * - changeable: its date, seats or extras may still change (before its start);
 * - rosterOpen: its participants may still be named;
 * - tookPlace: the activity happened (it may be reviewed).
 */
export const bookingLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'confirm' | 'decline' | 'expire' | 'check_in' | 'no_show' | 'undo' | 'cancel' | 'complete' | 'change' },
  },
  guards: {
    hasReason: guardImplementations.hasReason,
    isSameDay: guardImplementations.isSameDay,
    holdExpired: guardImplementations.holdExpired,
    activityStarted: guardImplementations.activityStarted,
    checkInOpen: guardImplementations.checkInOpen,
    paidOrCodedReason: guardImplementations.paidOrCodedReason,
    changeable: guardImplementations.changeable,
  },
}).createMachine({
  id: 'booking',
  description: 'A booking from request to the end of the activity.',
  context: ({ input }) => input,
  initial: 'requested',
  states: {
    requested: {
      description: 'Waiting for the vendor to accept (services with manual confirmation).',
      tags: ['holding', 'changeable', 'rosterOpen'],
      on: {
        confirm: { target: 'confirmed', description: 'The vendor accepts.' },
        decline: { target: 'declined', description: 'The vendor refuses.' },
        expire: { target: 'expired', guard: 'holdExpired', description: 'No answer within the hold time.' },
        change: { target: 'requested', guard: 'changeable', description: 'Another date, slot, participants or extras, before it starts (the status stays).' },
      },
    },
    confirmed: {
      description: 'Seats are held; the customer is expected.',
      tags: ['holding', 'changeable', 'rosterOpen'],
      on: {
        check_in: {
          target: 'checked_in',
          guard: and(['checkInOpen', 'paidOrCodedReason']),
          description: 'On the activity\'s day, from the check-in window (business settings) before its start; with a balance still due, only with a coded reason.',
        },
        no_show: { target: 'no_show', guard: 'activityStarted' },
        cancel: { target: 'cancelled', guard: 'hasReason', description: 'Cancelled with a reason (also after a full refund).' },
        complete: { target: 'completed', guard: 'activityStarted', description: 'After the activity.' },
        change: { target: 'confirmed', guard: 'changeable', description: 'Another date, slot, participants or extras, before it starts (the status stays).' },
      },
    },
    checked_in: {
      description: 'The customer showed up.',
      tags: ['holding', 'rosterOpen', 'tookPlace'],
      on: {
        undo: { target: 'confirmed', guard: 'isSameDay', description: 'Undo a check-in on the same day.' },
        complete: { target: 'completed' },
      },
    },
    no_show: {
      description: 'The customer did not show up.',
      tags: ['holding'],
      on: {
        undo: { target: 'confirmed', guard: 'isSameDay', description: 'Undo a no-show on the same day.' },
      },
    },
    declined: { type: 'final', tags: ['closed'] },
    expired: { type: 'final', tags: ['closed'] },
    cancelled: { type: 'final', tags: ['closed'] },
    completed: { type: 'final', tags: ['tookPlace'] },
  },
});
