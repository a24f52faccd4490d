# Multi-stage image of the portal on the same Node as development (the `node` npm package pins it
# for npm scripts; the base image carries the same major). Not used by the tests.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall builds the front end, which needs the sources: install without scripts first.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm rebuild && node scripts/build-if-changed.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME /data
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm): SIGTERM reaches the server, which finishes its requests and exits 0.
CMD ["node", "--no-memory-protection-keys", "--enable-source-maps", "dist-server/main.mjs"]
