/**
 * Parts of a page that floating controls (the back-to-top button) must never cover: a replay's
 * video and its controls. Mark one with `{...KEEP_CLEAR}`.
 */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

type TBox = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;

const overlap = (a: TBox, b: TBox) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether `box` (in viewport coordinates) lies over any part marked to be kept clear. */
export function coversKeptClear(box: TBox, root: ParentNode = document): boolean {
  return Array.from(root.querySelectorAll('[data-keep-clear]')).some((part) => overlap(box, part.getBoundingClientRect()));
}
