import type { ReactNode, Ref } from 'react';

/**
 * A tab panel's heading. It can take the focus (not by Tab), so an action that removes the item it
 * was started from leaves the focus at the top of the same list rather than nowhere.
 */
export function PanelHeading({ ref, children }: { ref?: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2 ref={ref} className="operator-panel__title" tabIndex={-1}>
      {children}
    </h2>
  );
}
