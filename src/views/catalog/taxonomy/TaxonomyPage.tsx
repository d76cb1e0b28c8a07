import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import { pathOf } from '../../../app/routes.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { localized } from '../../ui/format.ts';
import { Icon, isIconName } from '../../ui/Icon.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { ReorderList } from '../../ui/ReorderList.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { taxonomyMachine } from '../../../machines/catalog/taxonomyMachine.ts';
import { TermEditor } from './TermEditor.tsx';
import { childrenOf, placeOf, type Term } from '../../../machines/catalog/terms.ts';
import { NEW_TERM, TAXONOMIES, type TaxonomyKind } from './taxonomies.ts';

/**
 * One screen for the catalogue's terms: categories as a tree (each with its
 * subcategories), subcategories of one category, amenities and interests as flat lists.
 * Terms move by drag and drop or with their move buttons (and, in the tree, by choosing
 * another parent); each move is saved at once, in one request, and announced. A term
 * opens beside the list to be edited or deleted.
 */
export function TaxonomyPage({ route, kind }: PageProps & { kind: TaxonomyKind }) {
  const intl = useIntl();
  const taxonomy = TAXONOMIES[kind];
  const tree = taxonomy.resource === 'categories';
  const actor = useActorRef(taxonomyMachine, { input: { resource: taxonomy.resource, tree } });
  const snapshot = useSelector(actor, (s) => s);
  const { terms, moved, refused, error } = snapshot.context;
  usePageReady(!snapshot.matches('loading'));
  const base = pathOf(route);
  const panel = usePanelParam(base, ['edit']);
  const editing = panel.get('edit');
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const tops = childrenOf(terms, null);
  const nameOf = (term: Term) => localized(term.name_i18n, intl.locale) || '—';
  const byId = new Map(terms.map((t) => [t.id, t]));
  // The subcategories screen shows one category's subcategories: the one in the URL, else the first.
  const focusParent = kind === 'subcategories' ? (byId.get(search.get('parent') ?? '')?.id ?? tops[0]?.id ?? null) : null;

  // A drop the tree cannot take is refused by the machine and said, not silently ignored.
  const move = (id: string, parentId: string | null, index: number) => actor.send({ type: 'move', id, parentId, index });

  const announcement = (() => {
    const term = moved ? byId.get(moved) : undefined;
    if (!term) return '';
    const place = placeOf(terms, term.id);
    const parent = place.parentId ? byId.get(place.parentId) : undefined;
    const values = { name: nameOf(term), position: place.index + 1, count: place.count };
    return parent
      ? intl.formatMessage({ id: 'taxonomy.movedUnder' }, { ...values, parent: nameOf(parent) })
      : intl.formatMessage({ id: 'taxonomy.moved' }, values);
  })();

  const parentSelect = (term: Term) => {
    const holdsChildren = childrenOf(terms, term.id).length > 0;
    return (
      <select
        className="taxonomy-parent"
        aria-label={intl.formatMessage({ id: 'taxonomy.parentOf' }, { name: nameOf(term) })}
        value={term.parent_id ?? ''}
        disabled={holdsChildren}
        title={holdsChildren ? intl.formatMessage({ id: 'taxonomy.holdsChildren' }) : undefined}
        onChange={(e) => {
          const parentId = e.target.value || null;
          move(term.id, parentId, childrenOf(terms, parentId).length);
        }}
      >
        <option value="">{intl.formatMessage({ id: 'taxonomy.topLevel' })}</option>
        {tops
          .filter((t) => t.id !== term.id)
          .map((t) => (
            <option key={t.id} value={t.id}>
              {nameOf(t)}
            </option>
          ))}
      </select>
    );
  };

  const row = (term: Term, nested?: ReactNode) => (
    <div className="taxonomy-row">
      <div className="taxonomy-term">
        {/* A known icon is drawn; an unknown name is not shown as text (it is not a word in the user's language). */}
        {isIconName(term.icon) && <Icon name={term.icon} />}
        <Link href={panel.href('edit', term.id)} className="taxonomy-name">
          {nameOf(term)}
        </Link>
        {!term.active && <StatusChip status="inactive" kind="taxonomyActive" />}
        {tree && parentSelect(term)}
      </div>
      {nested}
    </div>
  );

  const listOf = (parentId: string | null, items: Term[], label: string) => (
    <ReorderList
      items={items}
      keyOf={(t) => t.id}
      nameOf={nameOf}
      group={taxonomy.resource}
      label={label}
      onMove={(id, index) => move(id, parentId, index)}
      empty={parentId !== null ? <FormattedMessage id={kind === 'subcategories' ? 'subcategory.none' : 'taxonomy.dropHere'} /> : undefined}
      renderItem={(term) =>
        row(
          term,
          kind === 'categories' && parentId === null ? (
            <div className="taxonomy-children">{listOf(term.id, childrenOf(terms, term.id), intl.formatMessage({ id: 'taxonomy.subcategoriesOf' }, { name: nameOf(term) }))}</div>
          ) : undefined,
        )
      }
    />
  );

  const heading = intl.formatMessage({ id: `route.${route.key}` });
  let body;
  if (snapshot.matches('failed')) body = <ErrorState detail={error ?? undefined} onRetry={() => actor.send({ type: 'retry' })} />;
  else if (snapshot.matches('loading') && terms.length === 0) body = <p className="muted"><FormattedMessage id="common.loading" /></p>;
  else if (kind === 'subcategories') {
    body =
      tops.length === 0 ? (
        <EmptyState title={<FormattedMessage id="taxonomy.noCategories" />} />
      ) : (
        <>
          <div className="field taxonomy-focus">
            <label className="field-label" htmlFor="taxonomy-focus">
              <FormattedMessage id="taxonomy.category" />
            </label>
            <select id="taxonomy-focus" value={focusParent ?? ''} onChange={(e) => navigate(`${base}?parent=${e.target.value}`, { replace: true })}>
              {tops.map((t) => (
                <option key={t.id} value={t.id}>
                  {nameOf(t)}
                </option>
              ))}
            </select>
          </div>
          {listOf(focusParent, childrenOf(terms, focusParent), intl.formatMessage({ id: 'taxonomy.subcategoriesOf' }, { name: nameOf(byId.get(focusParent!)!) }))}
        </>
      );
  } else if (tops.length === 0) body = <EmptyState title={<FormattedMessage id={`${taxonomy.messages}.none`} />} />;
  else body = listOf(null, tops, heading);

  const side = editing ? (
    <TermEditor
      key={editing}
      kind={kind}
      id={editing === NEW_TERM ? null : editing}
      terms={terms}
      parentId={focusParent}
      onClose={(saved) => {
        navigate(panel.href('edit', null));
        if (saved) actor.send({ type: 'reload' });
      }}
    />
  ) : null;

  return (
    <PageFrame
      route={route}
      actions={
        <div className="page-actions">
          <Link href={panel.href('edit', NEW_TERM)} className="button button-primary">
            <FormattedMessage id={`${taxonomy.messages}.new`} />
          </Link>
        </div>
      }
    >
      <div className="list-with-panel" data-panel={side ? 'open' : undefined}>
        {side && <div className="list-panel">{side}</div>}
        <div className="list-main taxonomy">
          <p className="muted">
            <FormattedMessage id={tree ? 'taxonomy.hintTree' : 'taxonomy.hint'} />
          </p>
          {error && snapshot.matches('ready') && (
            <div className="notice notice-error" role="alert">
              <FormattedMessage id="taxonomy.saveFailed" /> {error}
            </div>
          )}
          <p className="taxonomy-status muted" role="status">
            {snapshot.hasTag('saving') ? <FormattedMessage id="taxonomy.saving" /> : null}
          </p>
          {refused && (
            <p className="notice notice-info" role="status">
              <FormattedMessage id="taxonomy.holdsChildren" />
            </p>
          )}
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          {body}
        </div>
      </div>
    </PageFrame>
  );
}
