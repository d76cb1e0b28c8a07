/** Dev builds only: reload when the dev server says dist/ changed, or when it restarted. */
export function connectDevReload(): void {
  let connectedBefore = false;
  const source = new EventSource('/__dev/reload');
  source.onopen = () => {
    if (connectedBefore) location.reload();
    connectedBefore = true;
  };
  source.onmessage = () => location.reload();
}
