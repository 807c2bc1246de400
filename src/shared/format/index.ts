// The one way each value is written, for every view, the CLI and the exports. Amounts are in ../amounts.ts
// (exact bigint scaling); everything else a person reads about a transfer is written here.
export { stateText, typeText, typeLabel, TYPE_LABELS_SOURCE } from './labels'
export { durationText, durationMsText, parseDuration } from './duration'
export { UNKNOWN, STABLE_DECIMALS, stableValueText, stableText, orderIdText, receivedKnown } from './values'
export { dateText, dateTimeText, wireDateTimeText, unixDateTimeText, isDateText } from './dates'
export { countText } from './counts'
