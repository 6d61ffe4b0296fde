import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface MarketDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}

/** A native modal <dialog>: focus stays inside, Esc closes, and focus goes back where it came from. */
export function MarketDialog({ open, title, onClose, children }: MarketDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    if (!open && opener.current instanceof HTMLElement) {
      opener.current.focus();
      opener.current = null;
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="market-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
