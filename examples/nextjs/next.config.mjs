// Next.js config of the example. Here `foyer` is this repository's source (tsconfig.json `paths`), compiled with the
// app, so the example always runs the code beside it; in your own app `npm install foyer` and none of this is needed.
/** @type {import('next').NextConfig} */
const config = {
  // The source lives above this folder and imports its TypeScript files by their `.js` names (ESM style).
  experimental: { externalDir: true },
  // The repository's `npm run typecheck` checks this example (and Foyer's source) already; a second check here would
  // add about a minute and a half to every build. In your own app leave Next's check on.
  typescript: { ignoreBuildErrors: true },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'] }
    return webpackConfig
  },
}

export default config
