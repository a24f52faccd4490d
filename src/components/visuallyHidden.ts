/**
 * `sx` of text read by screen readers and not shown (part of a control's accessible name, a header).
 * Sizes in px: in `sx` a bare 1 means 100%, which made the hidden box as wide as its container
 * and pushed pages into a horizontal scroll.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
