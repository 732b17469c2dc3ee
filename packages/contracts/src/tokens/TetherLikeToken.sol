// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Behaves like mainnet USDT where it matters to integrators: `transfer`, `transferFrom`
/// and `approve` return nothing, and `approve` from a non-zero allowance to another non-zero
/// allowance reverts (the allowance must be reset to zero first).
contract TetherLikeToken {
    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    address public owner;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, address owner_) {
        name = name_;
        symbol = symbol_;
        owner = owner_;
    }

    function transfer(address to, uint256 value) public {
        _move(msg.sender, to, value);
    }

    function transferFrom(address from, address to, uint256 value) public {
        uint256 allowed = allowance[from][msg.sender];
        require(allowed >= value, "allowance");
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _move(from, to, value);
    }

    function approve(address spender, uint256 value) public {
        require(!(value != 0 && allowance[msg.sender][spender] != 0), "reset allowance to zero first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "owner");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "to zero");
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
