/**
 * Error messages in the request's language (gettext-style). Code everywhere throws its
 * English words; just before an error response (status >= 400) is serialized, its `detail`
 * and every message in `errors` are looked up in SERVER_MESSAGES: the first pattern that
 * matches the whole message names a `serverError.*` message of the SPA's catalogues, and
 * its named groups are that message's ICU arguments. A message no pattern matches is tried
 * sentence by sentence (a detail that lists several refusals), else left in English.
 * The language is the request's `Accept-Language` (the SPA sends its own locale).
 */
import type { FastifyInstance } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { ID_MESSAGES } from '../common/algerianIds.ts';
import { BRAND_MESSAGES } from '../common/brandColor.ts';
import { LOCALES, type Locale } from '../common/common.ts';
import ar from '../src/locales/ar.json' with { type: 'json' };
import en from '../src/locales/en.json' with { type: 'json' };
import fr from '../src/locales/fr.json' with { type: 'json' };
import type { ErrorBody } from './errors.ts';

const CATALOGUES: Record<Locale, Record<string, string>> = { en, fr, ar };
/** BCP 47 tags for number formatting, as the SPA uses them. */
const INTL_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' };

const N = String.raw`-?\d+(?:\.\d+)?`;
/** A whole number written with grouping, as toLocaleString('en-US') does: "2,840". */
const COUNT = String.raw`-?\d{1,3}(?:,\d{3})*`;
/** An amount as moneyText writes it: major units with grouping, then the currency code. */
const MONEY = String.raw`-?\d{1,3}(?:,\d{3})*(?:\.\d+)? [A-Z]{3}`;
/**
 * Builds a whole-message pattern; `{name}` stands for a number, `{name:count}` for a whole
 * number with grouping, `{name:money}` for an amount written by moneyText (both said again in
 * the request's language), `{name:text}` for any text.
 */
function p(template: string): RegExp {
  const source = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)(?::(text|money|count))?\}/g, (_, name: string, kind?: string) => `(?<${name}>${kind === 'text' ? '.+?' : kind === 'money' ? MONEY : kind === 'count' ? COUNT : N})`);
  return new RegExp(`^${source}$`);
}

/** Digits after the decimal point of each currency's major unit (as the SPA's src/views/ui/format.ts). */
const MINOR_DIGITS: Record<string, number> = { DZD: 2, EUR: 2, USD: 2, TND: 3, MAD: 2 };

/** An amount in minor units as people read it in a message: "40,400.00 DZD" (the `{name:money}` of a pattern). */
export function moneyText(minor: number | string | bigint, currency: unknown): string {
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'DZD';
  const digits = MINOR_DIGITS[code] ?? 2;
  const major = Number(minor) / 10 ** digits;
  return `${major.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${code}`;
}

/** A moneyText amount in `locale`'s own way of writing money. */
function localMoney(text: string, locale: Locale): string {
  const [amount, code] = text.split(' ');
  const value = Number(amount.replaceAll(',', ''));
  return new Intl.NumberFormat(INTL_TAGS[locale], { style: 'currency', currency: code }).format(value);
}

/** The server's English messages, each with the id of its translation (order matters: first match wins). */
export const SERVER_MESSAGES: ReadonlyArray<readonly [RegExp, string]> = [
  // Generic (server/errors.ts, Ajv, server/input.ts)
  [/^Invalid (?<part>body|querystring|query|params|headers|input|JSON body)$/, 'serverError.invalid'],
  [p('This field is required.'), 'serverError.required'],
  [p('Unknown field.'), 'serverError.unknownField'],
  [p('Not found.'), 'serverError.notFoundField'],
  [p('Not found'), 'serverError.notFound'],
  [p('is invalid'), 'serverError.isInvalid'],
  [p('must NOT have fewer than {limit} characters'), 'serverError.minLength'],
  [p('must NOT have more than {limit} characters'), 'serverError.maxLength'],
  [p('must NOT have fewer than {limit} items'), 'serverError.minItems'],
  [p('must NOT have more than {limit} items'), 'serverError.maxItems'],
  [p('must NOT have fewer than {limit} properties'), 'serverError.minProperties'],
  [p('must NOT have more than {limit} properties'), 'serverError.maxProperties'],
  [/^must NOT have duplicate items \(items ## (?<first>\d+) and (?<second>\d+) are identical\)$/, 'serverError.uniqueItems'],
  [p('must be <= {limit}'), 'serverError.maximum'],
  [p('must be >= {limit}'), 'serverError.minimum'],
  [p('must be < {limit}'), 'serverError.exclusiveMaximum'],
  [p('must be > {limit}'), 'serverError.exclusiveMinimum'],
  [p('must be multiple of {step}'), 'serverError.multipleOf'],
  [/^must match pattern "(?<pattern>.*)"$/, 'serverError.pattern'],
  [p('Use an address that starts with https:// or a path on this site.'), 'serverError.webUrl'],
  [/^must match format "(?<format>[^"]+)"$/, 'serverError.format'],
  [p('must be equal to one of the allowed values'), 'serverError.enum'],
  [p('must be equal to constant'), 'serverError.const'],
  [p('must match a schema in anyOf'), 'serverError.anyOf'],
  [p('must match exactly one schema in oneOf'), 'serverError.oneOf'],
  [/^must be (?<type>[a-z]+)(?:,null)?$/, 'serverError.type'],
  [p('Contains a character that cannot be stored.'), 'serverError.unstorable'],
  [p('Nested deeper than {depth} levels.'), 'serverError.tooDeep'],
  [p('Internal server error'), 'serverError.internal'],
  // Access (server/auth, server/engine)
  [p('Authentication credentials were not provided or are invalid'), 'serverError.unauthenticated'],
  [p('Unable to log in with the provided credentials.'), 'serverError.badCredentials'],
  [p('The refresh token is invalid or has expired.'), 'serverError.badRefresh'],
  [p('You do not have permission to perform this action'), 'serverError.forbidden'],
  [p('Only staff may change these fields.'), 'serverError.staffOnlyFields'],
  [p('Only staff may change this field.'), 'serverError.staffOnlyField'],
  [/^Only staff may .+\.$/, 'serverError.staffOnly'],
  [p('Vendor staff may only create records for their own vendor.'), 'serverError.ownVendorOnly'],
  [p('Vendor not found.'), 'serverError.vendorNotFound'],
  // Records (server/engine)
  [p('This record was changed by someone else since you loaded it. Review the current version and try again.'), 'serverError.staleVersion'],
  [/^A record with this (?<fields>.+) already exists\.$/, 'serverError.duplicate'],
  [p('Already in use.'), 'serverError.alreadyInUse'],
  [p('This record is still used by other records and cannot be deleted.'), 'serverError.stillUsed'],
  [p('This value is not allowed.'), 'serverError.notAllowed'],
  [p('A value is out of range or not representable.'), 'serverError.outOfRange'],
  [/^(?<id>\S+) was not found\.$/, 'serverError.idNotFound'],
  [/^(?<id>\S+) belongs to another vendor\.$/, 'serverError.otherVendor'],
  [/^(?<id>\S+) is not an image of this record\.$/, 'serverError.notAnImageOf'],
  [p('Listed more than once.'), 'serverError.listedTwice'],
  [/^Unknown fields: (?<fields>.+)\.$/, 'serverError.unknownFields'],
  [p('Name at least one field.'), 'serverError.nameAField'],
  [/^One of:? (?<values>.+)\.$/, 'serverError.oneOfValues'],
  [p('Give up to 100 valid values, comma-separated.'), 'serverError.listValues'],
  [p('Must be after starts_at.'), 'serverError.afterStart'],
  [p('Must be after valid_from.'), 'serverError.afterValidFrom'],
  [p('Must be in the future.'), 'serverError.future'],
  // Catalogue: locations, services, categories, slots (server/locations, server/services, server/catalog, common/)
  [/^This location is used by (?:(?<services>\d+) services?)?(?: and )?(?:(?<bookings>\d+) bookings?)?: move them to another location, or make this one inactive instead of deleting it\.$/, 'serverError.locationInUse'],
  [p('Give the latitude with the longitude, or neither.'), 'serverError.latitudeAlone'],
  [p('Give the longitude with the latitude, or neither.'), 'serverError.longitudeAlone'],
  [p('Must be within Algeria: a latitude from {min} to {max}.'), 'serverError.latitudeOutside'],
  [p('Must be within Algeria: a longitude from {min} to {max}.'), 'serverError.longitudeOutside'],
  [p('This service cannot be published yet.'), 'serverError.cannotPublish'],
  [p('Add at least one active price rule.'), 'serverError.needPriceRule'],
  [p('Choose where the service takes place.'), 'serverError.needLocation'],
  [p('Choose a cover image.'), 'serverError.needCover'],
  [p('Choose a category, not a subcategory.'), 'serverError.categoryNotSub'],
  [p('Choose a subcategory of the chosen category.'), 'serverError.subOfCategory'],
  [p('Must be at least min_participants.'), 'serverError.atLeastMin'],
  [p('Cannot exceed the capacity.'), 'serverError.overCapacity'],
  [p('Must be at least min_weight_kg.'), 'serverError.atLeastMinWeight'],
  [p('A service cannot be based on itself.'), 'serverError.basedOnItself'],
  [p('A percentage cannot exceed 100.'), 'serverError.percentOver100'],
  [p('Used by {count} services: deactivate it instead of deleting it.'), 'serverError.categoryUsed'],
  [p('Used by {count} service: deactivate it instead of deleting it.'), 'serverError.categoryUsed'],
  [p('Has {count} subcategories: move or delete them first.'), 'serverError.hasSubcategories'],
  [p('Has {count} subcategory: move or delete them first.'), 'serverError.hasSubcategories'],
  [p('A category cannot be its own parent.'), 'serverError.ownParent'],
  [p('A subcategory cannot hold subcategories: choose a top-level category.'), 'serverError.subHoldsSub'],
  [p('This category has subcategories: it cannot become one.'), 'serverError.hasSubsCannotBecome'],
  [p('{count} seats are booked; the capacity cannot be lower.'), 'serverError.capacityBelowBooked'],
  [p('{count} seats are booked'), 'serverError.seatsBooked'],
  [p('This slot has bookings; rebook them instead of moving the slot.'), 'serverError.slotMoved'],
  [p('This slot has bookings and cannot be deleted.'), 'serverError.slotDeleted'],
  [p('Must be on or after the first day.'), 'serverError.onOrAfterFirstDay'],
  [p('More than {max} slots at once; choose a shorter range or fewer times.'), 'serverError.tooManySlots'],
  [p('This customer type already has a price.'), 'serverError.customerTypePriced'],
  [p('Add at least one itinerary step before publishing.'), 'serverError.needStep'],
  [p('A step falls after the last day.'), 'serverError.stepAfterLastDay'],
  [p('A fixed-price adventure needs a price.'), 'serverError.adventureNeedsPrice'],
  [/^This service is priced in (?<other>\w+), the adventure in (?<currency>\w+)\.$/, 'serverError.currencyMismatch'],
  // Media (server/media, server/media/hooks.ts)
  [p('Send the files as multipart/form-data.'), 'serverError.multipart'],
  [p('A file is larger than {size} MB.'), 'serverError.fileTooLarge'],
  [p('At most {size} MB.'), 'serverError.atMostMb'],
  [p('At most {count} files at once.'), 'serverError.tooManyFiles'],
  [p('The upload could not be read.'), 'serverError.uploadUnreadable'],
  [p('Choose at least one image.'), 'serverError.chooseImage'],
  [p('This file was refused.'), 'serverError.fileRefused'],
  [p('{file:text}: This file is not a JPEG, PNG, WebP or AVIF image.'), 'serverError.notAnImage'],
  [p('{file:text}: This image has more than {count} million pixels.'), 'serverError.tooManyPixels'],
  [p('{file:text}: This image could not be read: the file may be damaged.'), 'serverError.imageDamaged'],
  [p('An uploaded image is served by the API: its address cannot change.'), 'serverError.uploadedUrlFixed'],
  // Bookings and slots shown on the catalogue's screens
  [p('Not a slot of this service.'), 'serverError.notASlot'],
  [p('This slot is closed for booking.'), 'serverError.slotClosed'],
  [p('Not enough seats left: {count} available.'), 'serverError.notEnoughSeats'],
  [p('Only {count} seats left.'), 'serverError.seatsLeft'],
  [p('This service is archived.'), 'serverError.serviceArchived'],
  [p('This service is not published.'), 'serverError.serviceNotPublished'],
  [p('At most {count} participants per booking.'), 'serverError.participantsMax'],
  [/^This booking is \w+; its participants can no longer be changed\.$/, 'serverError.rosterClosed'],
  [p('This booking is for {seats} participants; the list has {count}.'), 'serverError.rosterTooLong'],
  [p('A name is required.'), 'serverError.nameRequired'],
  // Bookings, payments, combos and messages
  [p('Must be after booking_from.'), 'serverError.afterBookingFrom'],
  [p('Must be after travel_from.'), 'serverError.afterTravelFrom'],
  [p('Steps must follow the days in order.'), 'serverError.stepsInOrder'],
  [p('Choose a reason or write one.'), 'serverError.reasonNeeded'],
  [p('A fixed-price combo needs a price.'), 'serverError.comboNeedsPrice'],
  [p('A combo priced from its parts needs a percentage.'), 'serverError.comboNeedsPercent'],
  [p('A phone number or an email is required.'), 'serverError.phoneOrEmail'],
  [p('Required for a single-customer audience.'), 'serverError.requiredCustomer'],
  [p('Required for a single-user audience.'), 'serverError.requiredUser'],
  [p('Required for a topic audience.'), 'serverError.requiredTopic'],
  [p('Required for a segment audience.'), 'serverError.requiredSegment'],
  [p('Does not match the start of the slot.'), 'serverError.notSlotStart'],
  [p('Give starts_at or slot_id.'), 'serverError.startOrSlot'],
  [p('This private service is for another customer.'), 'serverError.privateForOther'],
  [p('This customer is blocked and cannot be booked.'), 'serverError.customerBlocked'],
  [p('Enter a phone number such as 0555 12 34 56, or with its country code such as +33 6 12 34 56 78.'), 'serverError.phoneFormat'],
  [p('Give the reason for blocking this customer.'), 'serverError.blockReason'],
  [p('Only staff may block or unblock a customer.'), 'serverError.blockStaffOnly'],
  [p('Bookings close {minutes} minutes before the start.'), 'serverError.bookingCutoff'],
  [p('Only staff may add images of the marketplace.'), 'serverError.brandingStaffOnly'],
  [p('Upload the logo first: this is not an image of the marketplace.'), 'serverError.logoNotUploaded'],
  [p('This close to the start, at most {amount:money} can be refunded.'), 'serverError.lateRefundAtMost'],
  [p('This close to the start, nothing more can be refunded.'), 'serverError.lateRefundNone'],
  [p('{currency:text} is not an accepted currency (accepted: {accepted:text}).'), 'serverError.currencyNotAccepted'],
  [p('Only upcoming bookings can be rebooked.'), 'serverError.rebookUpcoming'],
  [p('Only upcoming requested or confirmed bookings can be changed.'), 'serverError.changeUpcoming'],
  [p('Only bookings that took place can be reviewed.'), 'serverError.reviewAfter'],
  [/^This booking is \w+; it takes no more payments\.$/, 'serverError.noMorePayments'],
  [p('More than the balance due ({due:money}).'), 'serverError.overBalance'],
  [p('Nothing is due on this booking.'), 'serverError.nothingDue'],
  [p('A note is required.'), 'serverError.noteRequired'],
  [p('Only a payment that was paid can be reconciled.'), 'serverError.reconcileUnpaid'],
  [p('A card payment is settled by the payment gateway; only staff may settle it by hand.'), 'serverError.cardSettledByGateway'],
  [p('Change the commission through its own change, with a reason.'), 'serverError.commissionByChange'],
  // Vendors: legal identity in the Algerian formats, onboarding, documents (server/vendors/vendors.ts)
  ...Object.entries(ID_MESSAGES).map(([key, text]) => [p(text), `serverError.${key}`] as const),
  // Settings (server/settings/settingsRoutes.ts)
  ...Object.entries(BRAND_MESSAGES).map(([key, text]) => [p(text), `serverError.${key}`] as const),
  [p('English cannot be disabled.'), 'serverError.englishRequired'],
  [p('The default language must be one of the enabled languages.'), 'serverError.defaultLanguageDisabled'],
  [p('The default currency must be one of the accepted currencies.'), 'serverError.defaultCurrencyNotAccepted'],
  [p('This vendor is not active: its services cannot be booked.'), 'serverError.vendorNotActive'],
  [p('Complete the legal identity (legal name, RC, NIF and payout account) before approving this vendor.'), 'serverError.vendorIdentityIncomplete'],
  [p('Required to approve the vendor.'), 'serverError.vendorIdentityRequired'],
  [p('Must be after issued_on.'), 'serverError.afterIssuedOn'],
  [p('The booking no longer owes this amount; cancel this link instead.'), 'serverError.noLongerOwed'],
  // Paying a link (server/payments/payLink.ts)
  [p('This payment link has already been paid.'), 'serverError.payLinkPaid'],
  [p('This payment link was cancelled.'), 'serverError.payLinkCancelled'],
  [p('This payment link has expired.'), 'serverError.payLinkExpired'],
  [p('The webhook signature is missing or wrong.'), 'serverError.webhookSignature'],
  // What a gateway event did, kept with the event (server/payments/payLink.ts) and shown on the payment
  [p('No payment has this gateway reference.'), 'serverError.gatewayNoPayment'],
  [p('The payment is already {status:text}.'), 'serverError.gatewayAlreadySettled'],
  [p('The gateway reports {reported:money}; the payment is {amount:money}. Nothing was paid.'), 'serverError.gatewayAmountMismatch'],
  [p('The booking owed {owed:money}; it is overpaid by {over:money}.'), 'serverError.gatewayOverpaid'],
  [p('The link was {status:text} when its payment landed.'), 'serverError.gatewayLinkClosed'],
  [p('At most {amount:money} can be refunded.'), 'serverError.refundMax'],
  [p('Nothing paid is left to refund.'), 'serverError.nothingToRefund'],
  [p('Not a payment of this booking.'), 'serverError.notAPayment'],
  [p('This payment was not paid.'), 'serverError.paymentNotPaid'],
  [p('At most {amount:money} can be refunded from this payment.'), 'serverError.refundMaxPayment'],
  [p('A refund can only be edited before it is processed.'), 'serverError.refundProcessed'],
  [p('The payments of this booking cannot cover this refund any more.'), 'serverError.refundUncovered'],
  [p('The shares add up to {sum}, more than the payment ({amount}).'), 'serverError.sharesOver'],
  [p('The wallet holds {balance:money}; a debit of {amount:money} would take it below zero.'), 'serverError.walletBelowZero'],
  [p('The customer has {points:count} points; this would take them below zero.'), 'serverError.pointsBelowZero'],
  // Wallet and points adjusted by hand (server/customers/loyalty.ts)
  [p('Only top-ups and adjustments are entered by hand.'), 'serverError.walletManualSource'],
  [p('A top-up credits the wallet.'), 'serverError.topUpCredits'],
  [p('The wallet is kept in {currency:text}.'), 'serverError.walletCurrency'],
  [p('Customer wallets hold money in {currency:text} ({count:count} with a balance); the marketplace currency cannot change while any wallet has one.'), 'serverError.walletsHoldCurrency'],
  // Money between a booking and the wallet (server/payments/money.ts walletCurrencyRefusal)
  [p('The wallet holds {wallet:text}; this booking is in {currency:text}. Take this payment another way.'), 'serverError.walletCurrencyPayment'],
  [p('The wallet holds {wallet:text}; this booking is in {currency:text}. Refund it another way.'), 'serverError.walletCurrencyRefund'],
  [p('A credit or debit by hand is at most {limit:money}.'), 'serverError.walletManualMax'],
  [p('Only points added can expire, on a later day.'), 'serverError.pointsExpiryLater'],
  [p("This booking is not this customer's."), 'serverError.bookingNotCustomers'],
  [p('Unknown coupon code.'), 'serverError.unknownCoupon'],
  // Promotions (common/money.ts promotionProblem, the registry's checks, server/promotions/promotions.ts)
  [p('This promotion is not active.'), 'serverError.promotionInactive'],
  [p('This promotion is not valid yet.'), 'serverError.promotionNotYet'],
  [p('This promotion has ended.'), 'serverError.promotionEnded'],
  [p('This promotion is not valid for that date.'), 'serverError.promotionWrongDate'],
  [p('This promotion does not apply to this service.'), 'serverError.promotionWrongService'],
  [p('This promotion has been used up.'), 'serverError.promotionUsedUp'],
  [p('This customer has already used this promotion.'), 'serverError.promotionCustomerLimit'],
  [p('The booking total is below the minimum for this promotion.'), 'serverError.promotionBelowMinimum'],
  [p('This promotion is in {promotion:text}; this booking is in {currency:text}.'), 'serverError.promotionOtherCurrency'],
  [p('Not enough participants for this promotion.'), 'serverError.promotionTooFewParticipants'],
  [p('Must not end before the booking window opens.'), 'serverError.travelBeforeBooking'],
  [p('Required for a shared promotion.'), 'serverError.sharedPercentRequired'],
  [p('Only staff can charge a promotion to the platform.'), 'serverError.platformFundingStaffOnly'],
  [p('A platform promotion is funded by the platform.'), 'serverError.platformPromotionFunding'],
  [p('This code is already taken.'), 'serverError.couponCodeTaken'],
  [p('This combo is not on sale.'), 'serverError.comboNotOnSale'],
  [p('This combo is outside its validity dates.'), 'serverError.comboOutOfDates'],
  [p('Each service can be booked once.'), 'serverError.serviceOnce'],
  [p('Only the combo’s services can be booked.'), 'serverError.comboServicesOnly'],
  [p('Every required service of the combo must be booked.'), 'serverError.comboRequired'],
  [/^(?<names>.+) do not meet this activity's requirements; say why they are checked in anyway\.$/, 'serverError.checkInReason'],
  // Payouts and commission (server/payments/payouts.ts)
  [p('Nothing is payable to this vendor up to this date.'), 'serverError.payoutNothingPayable'],
  [p('The refunds to deduct exceed what is payable; nothing can be paid out yet.'), 'serverError.payoutRefundsExceed'],
  [p('A bank reference is required.'), 'serverError.bankReferenceRequired'],
  [p('This is already the commission.'), 'serverError.commissionUnchanged'],
  [p('A reason is required.'), 'serverError.reasonRequired'],
  // Changed payout accounts (server/payments/payoutAccount.ts)
  [p('Give a reason for changing the payout account.'), 'serverError.payoutReasonRequired'],
  [p('The payout account of this vendor changed since its last payout: another staff member must approve this payout before it is marked paid.'), 'serverError.payoutAwaitsSecondApproval'],
  [p('You changed this payout account: another staff member must give the second approval.'), 'serverError.payoutChangerCannotApprove'],
  [p('This payout does not wait for a second approval.'), 'serverError.payoutNoApprovalAwaited'],
  // Vendor users and acting as a vendor (server/vendors/vendorUsers.ts, actAs.ts, actor.ts)
  [p('Acting as this vendor has ended. You are back in the staff view.'), 'serverError.actAsEnded'],
  [p('Payout account details cannot be changed while acting as a vendor.'), 'serverError.payoutWhileActing'],
  [p('A user with this email already exists.'), 'serverError.userEmailTaken'],
  [p('This user has already set a password.'), 'serverError.userAlreadyActive'],
  [p('Users of a suspended or rejected vendor cannot log in, so no link is sent.'), 'serverError.vendorLockedOut'],
  [p('This user was deactivated; a new link would reactivate them.'), 'serverError.userDeactivated'],
  [p('Only an active vendor can be acted as.'), 'serverError.actAsActiveOnly'],
  [p('This link has already been used.'), 'serverError.setPasswordUsed'],
  [p('This link has expired.'), 'serverError.setPasswordExpired'],
  [p('This link was replaced by a newer one.'), 'serverError.setPasswordReplaced'],
  [p('Use at least {min} characters, with at least one letter and one digit.'), 'serverError.passwordRule'],
  // Reviews and merging customers.
  [p('An approved review cannot be edited.'), 'serverError.reviewApprovedLocked'],
  [p('Only the vendor replies to a review.'), 'serverError.reviewReplyVendorOnly'],
  [p('Only an approved review can be replied to.'), 'serverError.reviewReplyNotApproved'],
  [p('Write a reply.'), 'serverError.reviewReplyEmpty'],
  [p('A customer cannot be merged into itself.'), 'serverError.mergeSelf'],
  [p('The other customer was not found.'), 'serverError.mergeOtherNotFound'],
  [p('Only customers with the same phone or email can be merged.'), 'serverError.mergeNotDuplicate'],
  [p('This customer was merged into another record and can no longer be changed.'), 'serverError.customerMerged'],
  [p('This customer was merged into another customer: book that customer instead.'), 'serverError.customerMergedBooking'],
  // Saved views (server/engine/savedViews.ts)
  [p('Give the view a name.'), 'serverError.savedViewName'],
  [p('Only staff may share a view with all staff.'), 'serverError.savedViewShareStaff'],
  [p('You already have a view with this name on this list.'), 'serverError.savedViewNameTaken'],
  [p('Only its owner may change a shared view.'), 'serverError.savedViewOwner'],
  // Notification templates and topics (server/notifications/)
  [p('Unknown placeholder: {name:text}.'), 'serverError.unknownPlaceholder'],
  [p('This customer is already subscribed to this topic.'), 'serverError.alreadySubscribed'],
  [p('This notification reaches nobody on its channel: choose another audience or channel.'), 'serverError.notificationNobody'],
  // The dashboard (server/home/dashboardRoutes.ts)
  [p('Choose 30 or 90 days.'), 'serverError.dashboardPeriod'],
];

/** The first of the request's languages that is one of ours (by quality), else English. */
export function requestLocale(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((x) => /^\s*q=([\d.]+)\s*$/.exec(x)?.[1]).find(Boolean);
      return { primary: tag.split('-')[0].trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranked.find((x) => (LOCALES as readonly string[]).includes(x.primary));
  return (found?.primary as Locale | undefined) ?? 'en';
}

const formats = new Map<string, IntlMessageFormat>();

function format(id: string, locale: Locale, values: Record<string, string | number>): string | null {
  const source = CATALOGUES[locale][id];
  if (source === undefined) return null;
  const key = `${locale}\u0000${id}`;
  let compiled = formats.get(key);
  if (!compiled) {
    compiled = new IntlMessageFormat(source, INTL_TAGS[locale]);
    formats.set(key, compiled);
  }
  return String(compiled.format(values));
}

function translateWhole(message: string, locale: Locale): string | null {
  for (const [pattern, id] of SERVER_MESSAGES) {
    const match = pattern.exec(message);
    if (!match) continue;
    // Numbers become numbers (for plurals and the locale's digits); an absent group is 0.
    // Amounts are written again the locale's way.
    const values = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, v]) => [
        name,
        v === undefined ? 0
          : new RegExp(`^${N}$`).test(v) ? Number(v)
          : new RegExp(`^${COUNT}$`).test(v) ? Number(v.replaceAll(',', ''))
          : new RegExp(`^${MONEY}$`).test(v) ? localMoney(v, locale)
          : v,
      ]),
    );
    try {
      return format(id, locale, values);
    } catch {
      // A catalogue mistake costs the translation, never the response (the unit test catches it).
      return null;
    }
  }
  return null;
}

/** `message` in `locale`; unknown messages (and any English request) come back as they are. */
export function translateMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const whole = translateWhole(message, locale);
  if (whole !== null) return whole;
  const sentences = message.split(/(?<=\.) (?=[A-Z])/);
  if (sentences.length < 2) return message;
  const translated = sentences.map((s) => translateWhole(s, locale));
  if (translated.every((t) => t === null)) return message;
  return translated.map((t, i) => t ?? sentences[i]).join(' ');
}

/**
 * `message` in `locale` (English too, its amounts written the locale's way) when every sentence
 * of it is one of the table's; null for a text the table does not know, which is then not shown.
 */
export function translateKnown(message: string, locale: Locale): string | null {
  const whole = translateWhole(message, locale);
  if (whole !== null) return whole;
  const translated = message.split(/(?<=\.) (?=[A-Z])/).map((sentence) => translateWhole(sentence, locale));
  return translated.length > 1 && translated.every((t) => t !== null) ? translated.join(' ') : null;
}

/** The same body with `detail` and the field messages in `locale`; other members untouched. */
export function translateErrorBody(body: ErrorBody, locale: Locale): ErrorBody {
  if (locale === 'en') return body;
  const out: ErrorBody = { ...body };
  if (typeof body.detail === 'string') out.detail = translateMessage(body.detail, locale);
  if (body.errors && typeof body.errors === 'object') {
    out.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, messages]) => [
        field,
        Array.isArray(messages) ? messages.map((m) => (typeof m === 'string' ? translateMessage(m, locale) : m)) : messages,
      ]),
    );
  }
  return out;
}

/** Translates every error response's body as it is serialized. */
export function registerErrorLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || payload === null || typeof payload !== 'object' || !('detail' in payload)) return payload;
    return translateErrorBody(payload as ErrorBody, requestLocale(request.headers['accept-language']));
  });
}
