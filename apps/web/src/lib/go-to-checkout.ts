/** Leaves the app for a payment gateway's hosted checkout page (it brings the user back). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
