/** How notices and the queue name a load, saved or being edited: its first order number, else its date. */
export function loadLabel(
  load: { date: string; stops: readonly { orderNumber: string | null }[] },
  formatDate: (iso: string) => string,
): string {
  const orderNumber = load.stops.map((stop) => stop.orderNumber?.trim()).find((value) => value);
  return orderNumber ?? formatDate(load.date);
}
