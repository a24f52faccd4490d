/** A field the user types in (arrow keys move its caret, not the tour). */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const DIALOGS = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/**
 * Whether a tour must wait: a dialog is open (a save confirmation, a panel) or the user is filling
 * in a field. A tour opening then would cover what the user is doing (at 375 px, the whole form).
 */
export function pageIsBusy(doc: Document = document): boolean {
  const dialogOpen = [...doc.querySelectorAll(DIALOGS)].some(
    (element) => !element.closest('[aria-hidden="true"], [hidden]'),
  );
  return dialogOpen || isEditable(doc.activeElement);
}
