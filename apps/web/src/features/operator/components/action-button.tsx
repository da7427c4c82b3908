import type { ReactNode } from 'react';

const KIND_CLASSES = {
  primary: 'button button--primary',
  secondary: 'button button--secondary',
  danger: 'button operator-button--danger',
} as const;

interface ActionButtonProps {
  kind: keyof typeof KIND_CLASSES;
  isPending: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** An action's button; stays focusable while its call runs, so screen readers keep their place. */
export function ActionButton({ kind, isPending, onClick, children }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={KIND_CLASSES[kind]}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
      onClick={() => {
        if (!isPending) onClick();
      }}
    >
      {children}
    </button>
  );
}
