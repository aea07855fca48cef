# One image for every service and the gateway; SERVICE picks which one a container runs.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
  && npm install -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile
ENV NODE_ENV=production
CMD ["sh", "-c", "exec node --import tsx services/runner/src/service-main.ts \"$SERVICE\""]
