// The embedded demo network's profile id, apart from the settings schemas: the renderer names it, and
// importing a value from schemas/settings would bring zod and every schema into the renderer's bundle.
export const DEMO_PROFILE_ID = 'demo'
