# syntax=docker/dockerfile:1
# PlanPiso's API + SPA in one image (docs/deploy.md, decision 086). The build stage runs scripts/build-image.mjs,
# the same script CI runs without Docker (apps/api/test/deploy-image.test.ts); the runtime stage holds only its
# output: the bundles, the migrations and the API's production dependencies, run by an unprivileged user.
# Every setting comes from the environment (README "Configuration"); nothing secret is baked in.
# The suite runs on Node 20; 22 is the LTS line the image uses (20 left support in April 2026): override with
# --build-arg NODE_VERSION=20 to run exactly what CI tested.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY apps/simulators/package.json apps/simulators/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build-image.mjs /out

FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The code belongs to root and is read-only to the process; only DATA_DIR (scratch space, the files when S3 is
# not used) is the node user's.
COPY --from=build /out /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# /api/ready answers 503 while the database does not: the orchestrator stops routing to this copy.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# server.ts applies pending migrations (under an advisory lock: copies may start together), then listens.
# SIGTERM closes the server and the pool (Docker's default stop signal).
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
