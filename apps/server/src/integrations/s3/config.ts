import type { Config } from '../../config.ts';

/** What the S3 client needs, read from S3_* (README "Configuration"). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, the test fake); AWS itself when absent. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The S3 configuration, or undefined when S3_BUCKET is not set (S3 is not in use). */
export function s3Config(config: Config): S3Config | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION ?? 'us-east-1',
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
