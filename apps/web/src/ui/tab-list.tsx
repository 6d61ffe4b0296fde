import { useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';

export interface Tab<T extends string> {
  id: T;
  label: string;
}

export interface TabListHandle<T extends string> {
  focus(id: T): void;
}

export interface TabListProps<T extends string> {
  /** The accessible name of the strip. */
  label: string;
  tabs: readonly Tab<T>[];
  selected: T;
  /** A tab was chosen by click or key (focus follows a key press by itself). */
  onSelect(id: T): void;
  /** The tabs' ids are `${idPrefix}-tab-${id}` (tabId): the panel is labelled by the selected one. */
  idPrefix: string;
  /**
   * The panel the tabs control: one panel for all of them (each tab names it), or one per tab, of
   * which only the selected is in the page (only the selected tab names it).
   */
  panel: string | ((id: T) => string);
  className?: string;
  ref?: Ref<TabListHandle<T>>;
}

export const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;

/** Which tab an arrow, Home or End key moves to (wrapping around), or null for any other key. */
function targetIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A tab strip (WAI-ARIA tabs, automatic activation): one tab stop, arrow keys move and select,
 * Home and End go to the ends.
 */
export function TabList<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  panel,
  className,
  ref,
}: TabListProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  useImperativeHandle(ref, () => ({ focus: (id) => buttons.current.get(id)?.focus() }), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = targetIndex(
      event.key,
      tabs.findIndex((tab) => tab.id === selected),
      tabs.length,
    );
    const target = next === null ? undefined : tabs[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    buttons.current.get(target.id)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tabs ${className}` : 'tabs'}
      onKeyDown={onKeyDown}
    >
      {tabs.map(({ id, label: text }) => {
        const isSelected = id === selected;
        const controls = typeof panel === 'string' ? panel : isSelected ? panel(id) : undefined;
        return (
          <button
            key={id}
            ref={(el) => {
              if (el) buttons.current.set(id, el);
              else buttons.current.delete(id);
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, id)}
            className={isSelected ? 'tabs__tab tabs__tab--selected' : 'tabs__tab'}
            aria-selected={isSelected}
            aria-controls={controls}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(id)}
          >
            {text}
          </button>
        );
      })}
    </div>
  );
}
