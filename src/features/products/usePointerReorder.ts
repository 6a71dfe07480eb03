import { useRef, useState, type PointerEvent } from 'react';

/** A drag under way: the item taken, and the place it would go to if let go now. */
export interface Drag {
  from: number;
  over: number;
}

/** What an item's list element carries, so that a drag knows which place it is over. */
export const REORDER_INDEX = 'data-reorder-index';

/**
 * Reordering a list by dragging with any pointer (mouse, pen or finger): press an item's handle,
 * move over another item, let go there. The keyboard has its own controls; this is the pointer's.
 */
export function usePointerReorder(onMove: (from: number, to: number) => void, disabled = false) {
  const listRef = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const placeAt = (x: number, y: number): number | null => {
    // Not every environment lays elements out (jsdom has no elementFromPoint).
    const item = document.elementFromPoint?.(x, y)?.closest(`[${REORDER_INDEX}]`);
    return item && listRef.current?.contains(item) ? Number(item.getAttribute(REORDER_INDEX)) : null;
  };

  const handleProps = (index: number) => ({
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (disabled || !event.isPrimary || event.button !== 0) return;
      // No text selection or native image drag while the photo is carried.
      event.preventDefault();
      // The handle keeps the pointer's events wherever the pointer goes.
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setDrag({ from: index, over: index });
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      if (!drag) return;
      const over = placeAt(event.clientX, event.clientY);
      if (over !== null && over !== drag.over) setDrag({ from: drag.from, over });
    },
    onPointerUp() {
      if (drag && drag.over !== drag.from) onMove(drag.from, drag.over);
      setDrag(null);
    },
    onPointerCancel() {
      setDrag(null);
    },
  });

  return { listRef, drag, handleProps };
}
