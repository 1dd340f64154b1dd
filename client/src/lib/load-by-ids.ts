/** Loads each id; ids whose document no longer exists are skipped. */
export async function loadExisting<T extends object>(ids: readonly string[], load: (id: string) => Promise<T | null>): Promise<T[]> {
  const documents: (T | null)[] = await Promise.all(ids.map(load));
  return documents.filter((document): document is T => document !== null);
}
