/** What a screen that needs the server says without a network, instead of failing. */
export function NeedsConnection({ what }: { what: string }) {
  return (
    <section aria-label="Needs a connection" className="mx-auto flex max-w-xl flex-col gap-3 p-6">
      <h1 className="text-2xl font-bold">You are offline</h1>
      <p>{what} needs a connection to the Movelab server. It will work again as soon as this device is back online.</p>
      <p className="text-muted">Practice and analysis work offline; their results are kept on this device and saved later.</p>
    </section>
  );
}
