/** Scaffold: the availability calendar replaces this. */
export function AvailabilityTab(_props: { serviceId: string }) {
  return null;
}
