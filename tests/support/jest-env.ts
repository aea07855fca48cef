// Cheaper password hashing under test: the parameters travel with each hash, so production cost is unaffected.
process.env.ERP_SCRYPT_LOG_N ??= '10';
