/** The intent bridge's provider id and name, for its module and its code alike. */
export const INTENT_PROVIDER_ID = 'intent'
export const INTENT_NAME = 'Intent Bridge'
