// Tabs in the WAI-ARIA pattern, as the account page's (features/account-jobs/components/account-jobs.tsx)
// work: one tab in the Tab order, the arrow keys, Home and End move between tabs and open the one
// they reach, and the open panel follows. That one is written into the account's job lists; this one
// takes its tabs and panel from the caller, so both could share it from ui/.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface ConsoleTab<T extends string> {
  id: T;
  label: string;
}

interface ConsoleTabsProps<T extends string> {
  /** What the tabs are, for assistive technology. */
  label: string;
  tabs: readonly ConsoleTab<T>[];
  current: T;
  onSelect: (tab: T) => void;
  /** The open tab's panel. */
  children: ReactNode;
}

export function ConsoleTabs<T extends string>({ label, tabs, current, onSelect, children }: ConsoleTabsProps<T>) {
  const prefix = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === current),
  );
  const tabId = (tab: T) => `${prefix}-tab-${tab}`;
  const panelId = (tab: T) => `${prefix}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div className="console-tabs">
      <div className="console-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const isCurrent = i === index;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isCurrent}
              // Only the open tab's panel is in the page: the others name none.
              aria-controls={isCurrent ? panelId(tab.id) : undefined}
              tabIndex={isCurrent ? 0 : -1}
              className={`console-tabs__tab${isCurrent ? ' console-tabs__tab--current' : ''}`}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Focusable, as the pattern asks of a panel that does not start with a control. */}
      <div
        className="console-tabs__panel"
        role="tabpanel"
        id={panelId(tabs[index]!.id)}
        aria-labelledby={tabId(tabs[index]!.id)}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
