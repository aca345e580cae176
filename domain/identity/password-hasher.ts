/** A memory-hard key derivation function; hashes carry their own parameters and salt. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}
