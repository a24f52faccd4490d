// Web Push in the browser (issue #27): the hook and the button the notification panel can reuse.
export { PushButton } from './PushButton';
export { usePushSubscription, type PushControl, type PushState } from './usePushSubscription';
export { setPushPublicKey } from './pushKey';
export { isExcludedBrowser, pushSupported } from './pushSupport';
