// Server configuration: every setting of every service (API, relay, chains, indexer, secure site, demo, …) is
// declared once, by role, in server/config/<role>.ts (type, default, environment variable, check, README row);
// server/config/settings.ts derives ServerConfig, the defaults, the environment reading and the validation from them,
// and server/config/load.ts layers defaults, a preset, the FOYER_CONFIG file and the environment. Services receive the
// parsed ServerConfig from here. To add a setting: declare it in its role file, then run
// `node --import tsx scripts/settings-table.ts --write` (server/config/readme.test.ts fails until the README matches).
export { ConfigError } from './config/checks.js'
export {
  DEFAULT_ALLOWED_ORIGINS,
  REMOTE_FEATURE_IDS,
  type FeatureOverride,
  type FeatureOverrides,
  type ProjectConfig,
  type RemoteFeatureId,
} from './config/api.js'
export type { LocalChainSetting } from './config/chains.js'
export { loadConfig, mergeSettings, readConfigFile } from './config/load.js'
export { configFromEnv, defaultConfig, resolveConfig, type ServerConfig } from './config/settings.js'
