import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fetchRecord, type ApiRecord } from '../../api/resources.ts';
import { RelationPicker } from './RelationPicker.tsx';

/**
 * A list filter on a related record (a vendor, a service): the URL holds only its id,
 * so the record is fetched to show its name; picking another one changes the filter.
 */
export function RecordFilter({
  resource,
  label,
  id,
  optionLabel,
  filters,
  onChange,
}: {
  resource: string;
  label: ReactNode;
  id: string;
  optionLabel: (record: ApiRecord) => string;
  filters?: Record<string, string>;
  onChange: (id: string) => void;
}) {
  const intl = useIntl();
  const [record, setRecord] = useState<ApiRecord | null>(null);
  useEffect(() => {
    if (!id) return setRecord(null);
    if (record?.id === id) return;
    const controller = new AbortController();
    fetchRecord(resource, id, controller.signal)
      .then(setRecord)
      .catch(() => setRecord(null));
    return () => controller.abort();
    // Only a new id (back button, a link) needs a fetch; a pick already has its record.
  }, [resource, id]);
  return (
    <div className="filter filter-record">
      <RelationPicker
        resource={resource}
        label={label}
        value={record}
        filters={filters}
        optionLabel={optionLabel}
        // An empty picker reads as "any", like the selects beside it, and says it can be searched.
        placeholder={intl.formatMessage({ id: 'list.anyRecord' })}
        onChange={(picked) => {
          setRecord(picked);
          onChange(picked ? picked.id : '');
        }}
      />
    </div>
  );
}
