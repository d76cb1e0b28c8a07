/** Short words shown as chips (a record's tags), read as a list by screen readers. */
export function TagChips({ tags, label }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="chip-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="chip" dir="auto">
          {tag}
        </li>
      ))}
    </ul>
  );
}
