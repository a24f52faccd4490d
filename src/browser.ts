/** Browser actions the tests replace (happy-dom cannot reload a page). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
