// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// A minimal smart account for sign-in tests: ERC-1271 accepts a signature of its owner's key over the hash.
// Deployed at a CREATE2 address by the factory, so ERC-6492 can describe it before it exists.
contract SignInAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

contract SignInAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new SignInAccount{salt: salt}(owner));
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 code = keccak256(abi.encodePacked(type(SignInAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, code)))));
    }
}
