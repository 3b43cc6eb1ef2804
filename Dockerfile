# Bazaar's image (used by compose.yaml): the production build with its runtime dependencies. `node server.js` serves
# on every core of the container (WEB_CONCURRENCY to choose), migrating and seeding an empty database first.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
# Fixes to dependencies, applied by npm ci (docs/decisions/0028-render-cost.md).
COPY patches ./patches
# better-sqlite3 compiles here (this image has python3, make and g++).
RUN npm ci
COPY . .
RUN npx remix build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
CMD ["node", "server.js"]
