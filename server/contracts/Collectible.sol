// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title Collectible
/// @notice OpenZeppelin's ERC-721 with its metadata and artwork on chain: tokenURI is a data: URL of JSON whose image
///         is an SVG drawn from the token id, so a reader (the Foyer server among them) needs no image host.
contract Collectible is ERC721, Ownable {
    using Strings for uint256;

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) Ownable(msg.sender) {}

    /// @notice Mints `tokenId` to `to` (owner only).
    function mint(address to, uint256 tokenId) external onlyOwner {
        _mint(to, tokenId);
    }

    /// @inheritdoc ERC721
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        uint256 seed = uint256(keccak256(abi.encodePacked(address(this), tokenId)));
        string memory hue = (seed % 360).toString();
        string memory glow = ((seed >> 16) % 360).toString();
        string memory radius = (28 + ((seed >> 32) % 24)).toString();
        string memory id = tokenId.toString();
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160">',
            '<rect width="160" height="160" fill="hsl(', hue, ',45%,16%)"/>',
            '<circle cx="80" cy="72" r="', radius, '" fill="hsl(', glow, ',85%,62%)" opacity=".9"/>',
            '<rect x="56" y="104" width="48" height="10" rx="3" fill="hsl(', hue, ',30%,70%)"/>',
            '<text x="80" y="146" font-family="monospace" font-size="13" fill="#fff" text-anchor="middle">#',
            id,
            "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"', name(), " #", id,
            '","description":"A lantern of the Foyer local collection, drawn on chain from its token id.",',
            '"image":"data:image/svg+xml;base64,', Base64.encode(bytes(svg)),
            '","attributes":[{"trait_type":"Hue","value":', hue, '},{"trait_type":"Glow","value":', glow, "}]}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
