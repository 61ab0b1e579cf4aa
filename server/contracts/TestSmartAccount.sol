// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title TestSmartAccount
/// @notice A minimal smart account for tests of contract signatures: ERC-1271 `isValidSignature` accepts a 65-byte
/// ECDSA signature by the owner key over the hash it is asked about. It executes nothing; it only signs.
contract TestSmartAccount {
    bytes4 internal constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant INVALID = 0xffffffff;
    // secp256k1n / 2: a larger s is the malleable twin of a valid signature (EIP-2)
    uint256 internal constant HALF_N = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > HALF_N) return INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}

/// @title TestSmartAccountFactory
/// @notice Deploys TestSmartAccounts with CREATE2, so an account's address is known before it exists (ERC-6492).
contract TestSmartAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new TestSmartAccount{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 init = keccak256(abi.encodePacked(type(TestSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, init)))));
    }
}
