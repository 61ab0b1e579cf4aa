// Next.js config of the example. Here `foyer` is this repository's source (tsconfig.json `paths`), compiled with the
// app, so the example always runs the code beside it; in your own app `npm install foyer` and none of this is needed.
/** @type {import('next').NextConfig} */
const config = {
  // The source lives above this folder and imports its TypeScript files by their `.js` names (ESM style).
  experimental: { externalDir: true },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'] }
    return webpackConfig
  },
}

export default config
