import { useSearch } from 'wouter';

/**
 * A panel opened beside a list through the URL (`?edit=<id>`, `?edit=new`, `?book=<id>`):
 * which one is open, and the href that opens another (or closes them) while keeping the
 * list's own query. At most one of `names` is set at a time.
 */
export function usePanelParam<Name extends string>(base: string, names: readonly Name[]) {
  const search = useSearch();
  const params = new URLSearchParams(search);
  return {
    get: (name: Name): string | null => params.get(name),
    href: (name: Name, value: string | null): string => {
      const next = new URLSearchParams(search);
      for (const n of names) next.delete(n);
      if (value) next.set(name, value);
      const text = next.toString();
      return text ? `${base}?${text}` : base;
    },
  };
}
